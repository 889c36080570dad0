/// The words one language's bank CSV files use, as data: header names by column role, the
/// words of debit/credit indicator columns, booking states that are not booked yet, and the
/// labels of the facts in preamble and trailer lines.
///
/// Each language lives in its own file (`Vocabulary/German.swift`, …) as a table; ``Vocabulary``
/// merges them. Names are written as ``HeaderVocabulary/normalize(_:)`` leaves a header cell:
/// lower case, no leading `#`, no trailing `:`, no currency in parentheses (`Betrag (EUR)` is
/// `betrag`), single spaces, no spaces around `/`. `docs/csv.md` shows every table
/// (`VocabularyDocumentationTests` keeps it in step).
struct LanguageVocabulary: Sendable {
    /// A header name, the role it gives its column, and its strength: when two columns claim
    /// one role, the stronger name wins (`Buchungstag` 3 over `Valuta`-like transaction dates 1).
    typealias Header = (name: String, role: ColumnRole, strength: Int)
    /// A preamble or trailer label and the fact it introduces; `prefix` labels go on with more
    /// text (`Closing balance as of 31/10/2026`).
    typealias Label = (label: String, fact: PreambleFacts.Key, match: LabelMatch)

    enum LabelMatch: String, Sendable { case exact, prefix }

    /// The language's English name.
    var language: String
    var headers: [Header]
    /// Indicator values meaning money out / in (`Soll`/`Haben`, `出金`/`入金`).
    var debitWords: [String] = []
    var creditWords: [String] = []
    /// Booking states whose rows are skipped (`Vorgemerkt`, `Oczekująca`).
    var unbooked: [String] = []
    var labels: [Label] = []

    /// Every language, in the order their names win a tie (a name two languages give different
    /// roles is resolved by role precedence first, see ``Vocabulary``).
    static let all: [LanguageVocabulary] = [
        english, german, french, spanish, dutch, italian, portuguese, polish, czech, hungarian, turkish,
        swedish, danish, norwegian, finnish, japanese, chinese, korean,
    ]
}
