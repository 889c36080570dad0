/// A setting the books keep (`mymoney config`): its key, what it means and which values it takes.
///
/// Settings change what is shown, never what is stored: changing the primary currency converts
/// figures differently from then on and recomputes nothing.
public struct LedgerSetting: Sendable, Hashable {
    public var key: String
    /// One line for `mymoney config --help` and listings.
    public var meaning: String
    /// The values it takes, for help (`on or off`, `an ISO 4217 code`).
    public var values: String
    /// The value as it is stored, or nil when `text` is not one of its values.
    let normalize: @Sendable (String) -> String?

    public static func == (a: LedgerSetting, b: LedgerSetting) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// The figures' currency: reports convert into it.
    public static let primaryCurrency = LedgerSetting(
        key: "primary-currency", meaning: "the currency reports convert every figure into", values: "an ISO 4217 code (EUR, USD, …)",
        normalize: { Currency(code: $0.trimmingCharacters(in: .whitespaces))?.code })
    public static let ownerName = LedgerSetting(
        key: "owner.name", meaning: "whose books these are, shown in report headers", values: "a name",
        normalize: { text in Self.plainText(text) })
    public static let ownerEmail = LedgerSetting(
        key: "owner.email", meaning: "the owner's email, shown in report headers", values: "an email address",
        normalize: { text in
            guard let t = Self.plainText(text), t.contains("@"), !t.contains(" ") else { return nil }
            return t
        })
    public static let tips = LedgerSetting(
        key: "tips", meaning: "a tip on stderr the first time each main command runs", values: "on or off",
        normalize: { ["on", "off"].contains($0.lowercased()) ? $0.lowercased() : nil })
    public static let rules = LedgerSetting(
        key: "rules", meaning: "the rules folder import uses (MYMONEY_RULES and --rules override it)", values: "a folder path",
        normalize: { text in Self.plainText(text) })

    /// Every setting, in the order `mymoney config` lists them.
    public static let all: [LedgerSetting] = [.primaryCurrency, .ownerName, .ownerEmail, .tips, .rules]

    /// `text` as this setting stores it (`eur` as `EUR`), or nil when it is not one of its values.
    public func normalized(_ text: String) -> String? { normalize(text) }

    /// The setting called `key`, or nil.
    public static func named(_ key: String) -> LedgerSetting? { all.first { $0.key == key.lowercased() } }

    /// Trimmed text without control characters; nil when blank.
    static func plainText(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return nil }
        return trimmed
    }
}
