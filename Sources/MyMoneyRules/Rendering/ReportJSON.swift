import Foundation

/// The JSON all renderers write: sorted keys, two-space indentation, slashes unescaped.
enum ReportJSON {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// A rule as JSON output names it.
struct RuleJSON: Codable, Hashable {
    var name: String
    var file: String
    var line: Int
    var stage: String

    init(_ rule: CompiledRule) {
        name = rule.name
        file = rule.reference.file
        line = rule.reference.line
        stage = rule.stage.rawValue
    }
}

extension LedgerTransaction {
    /// `-54.37 EUR`.
    var shownAmount: String { "\(amount) \(currency.code)" }
}
