/// Every language's words (``LanguageVocabulary/all``) merged for lookup, built once.
///
/// A header name that several languages give different roles (`valuta`: a value date in German
/// and Dutch, the currency in Swedish, Danish and Norwegian) keeps every meaning, ordered by
/// ``precedence`` and strength: the first is taken unless the column's values fit only a later
/// one (see `LayoutResolver.headerRoles`).
enum Vocabulary {
    /// What a header name may mean.
    struct Meaning: Sendable, Hashable {
        var role: ColumnRole
        var strength: Int
    }

    /// Roles in the order a name claimed by two of them is read as (the first unless the values say otherwise).
    static let precedence: [ColumnRole] = [.date, .valueDate, .amount, .debit, .credit, .indicator, .payee, .memo, .balance,
                                           .currency, .id, .checkNumber, .type, .status, .account, .fee, .category]

    /// Header names (as ``key(_:)`` writes them) and their meanings, the preferred first.
    static let headers: [String: [Meaning]] = {
        var table: [String: [Meaning]] = [:]
        var entries: [(key: String, meaning: Meaning, rank: Int, order: Int)] = []
        let rank = Dictionary(uniqueKeysWithValues: precedence.enumerated().map { ($1, $0) })
        for (k, language) in LanguageVocabulary.all.enumerated() {
            for (j, h) in language.headers.enumerated() {
                entries.append((key(h.name), Meaning(role: h.role, strength: h.strength), rank[h.role] ?? 99, k * 10_000 + j))
            }
        }
        entries.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.meaning.strength != b.meaning.strength { return a.meaning.strength > b.meaning.strength }
            return a.order < b.order
        }
        for e in entries where !(table[e.key]?.contains { $0.role == e.meaning.role } ?? false) {
            table[e.key, default: []].append(e.meaning)
        }
        return table
    }()

    static let debitWords: Set<String> = Set(LanguageVocabulary.all.flatMap(\.debitWords).map(CSVLayout.indicatorWord))
    static let creditWords: Set<String> = Set(LanguageVocabulary.all.flatMap(\.creditWords).map(CSVLayout.indicatorWord))
    static let unbooked: Set<String> = Set(LanguageVocabulary.all.flatMap(\.unbooked).map { $0.lowercased() })

    /// Preamble labels matched whole, and labels matched as a prefix (the longest first).
    static let exactLabels: [String: PreambleFacts.Key] = {
        var table: [String: PreambleFacts.Key] = [:]
        for language in LanguageVocabulary.all {
            for l in language.labels where l.match == .exact && table[key(l.label)] == nil { table[key(l.label)] = l.fact }
        }
        return table
    }()
    static let prefixLabels: [(label: String, fact: PreambleFacts.Key)] = {
        var seen = Set<String>()
        var result: [(label: String, fact: PreambleFacts.Key)] = []
        for language in LanguageVocabulary.all {
            for l in language.labels where l.match == .prefix && seen.insert(key(l.label)).inserted { result.append((key(l.label), l.fact)) }
        }
        return result.enumerated().sorted { ($0.element.label.count, -$0.offset) > ($1.element.label.count, -$1.offset) }.map(\.element)
    }()

    /// A name as the tables hold it: lower case, single spaces, no spaces around `/`.
    ///
    /// Words are joined by one space unless the space would touch a `/`. (Built by appending words:
    /// Foundation's `range(of:)` loops that did this were half the time of building the tables,
    /// several milliseconds of every process that reads a CSV file; `plainKey` is the old form, kept as the twin the
    /// vocabulary tests compare with.)
    static func key(_ name: String) -> String {
        var s = ""
        for word in name.lowercased().split(separator: " ", omittingEmptySubsequences: true) {
            if !s.isEmpty, s.last != "/", word.first != "/" { s.append(" ") }
            s.append(contentsOf: word)
        }
        return s
    }

    /// ``key(_:)`` as it was first written (the plain twin of its differential test).
    static func plainKey(_ name: String) -> String {
        var s = name.lowercased().split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        while let r = s.range(of: " /") { s.replaceSubrange(r, with: "/") }
        while let r = s.range(of: "/ ") { s.replaceSubrange(r, with: "/") }
        return s
    }

    /// The fact a preamble or trailer label introduces.
    static func fact(forLabel label: String) -> PreambleFacts.Key? {
        let l = HeaderVocabulary.normalize(label).key
        if let exact = exactLabels[l] { return exact }
        return prefixLabels.first { l.hasPrefix($0.label) }?.fact
    }
}
