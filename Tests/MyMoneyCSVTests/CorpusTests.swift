import Foundation
import Testing
import MyMoneyCSV
import MyMoneyTestSupport

/// Every `csv/` entry of the shared corpus's expected.json: the file parses (or is refused where
/// the entry says `fail`) and the recorded facts hold.
///
/// Facts that describe a source project's own conventions rather than the file are skipped, each
/// with its reason in `skipped` below.
@Suite struct CorpusTests {
    /// Per-entry reading setup: a fixture profile, or caller options the source test passed as config.
    static let setups: [String: (profile: String?, options: ReadOptions)] = [
        "csv/beangulp__UTrade20140713.csv": (nil, ReadOptions(currency: .USD)),
        "csv/beangulp__UTrade20150225.csv": (nil, ReadOptions(currency: .USD)),
        "csv/beangulp__UTrade20150720.csv": (nil, ReadOptions(currency: .USD)),
        "csv/beangulp__csvbank_statement.csv": (nil, ReadOptions(currency: .USD)),
        "csv/csv2ofx__gls.csv": ("gls.csvprofile", ReadOptions()),
        "csv/csv2ofx__mint.csv": ("mint.csvprofile", ReadOptions()),
        "csv/csv2ofx__mint_headerless.csv": ("mint_headerless.csvprofile", ReadOptions()),
        "csv/csv2ofx__pcmastercard.csv": ("pcmastercard.csvprofile", ReadOptions()),
        "csv/csv2ofx__payoneer.csv": (nil, ReadOptions(dayOrder: .monthDayYear)),
        "csv/csv2ofx__default.csv": (nil, ReadOptions(currency: .USD)),
        "csv/csv2ofx__ingesp.csv": (nil, { var o = ReadOptions(currency: .EUR); o.acceptBrokenBalances = true; return o }()), // 1719.90 + 2.69 written as 2447.31
        "csv/csv2ofx__schwab-checking.csv": (nil, ReadOptions(currency: .USD)),
        "csv/hledger__errors_csvamountparse.csv": ("hledger-errors.csvprofile", ReadOptions()),
        "csv/hledger__errors_csvdateparse.csv": ("hledger-errors.csvprofile", ReadOptions()),
        "csv/hledger__errors_csvtwofields.csv": ("hledger-errors.csvprofile", ReadOptions()),
        "csv/hledger__t.iso8859-1.csv": ("hledger-t-iso8859-1.csvprofile", ReadOptions()),
        "csv/ofxstatement-dutch__Account_20190101_20200317.csv": ("degiro.csvprofile", CorpusTests.acceptingBrokenBalances), // -5.07 + 1.97 written as -3.12
        // Test fixtures whose anonymised running balances do not chain: read only when accepted.
        "csv/budgetr__mbank.csv": (nil, CorpusTests.acceptingBrokenBalances),            // 223.67 + 200 written as 123.67
        "csv/ofxstatement-revolut__2022-january.csv": (nil, CorpusTests.acceptingBrokenBalances), // 442.67 + 0.00 written as 420.74
    ]

    /// Files whose running balances do not chain in any order or sign reading (each entry says
    /// where it breaks): the reader refuses them unless asked to accept broken balances.
    static let acceptingBrokenBalances: ReadOptions = {
        var options = ReadOptions()
        options.acceptBrokenBalances = true
        return options
    }()

    /// Facts not checked, by entry, with the reason (source-plugin conventions, not file facts).
    static let skipped: [String: [String: String]] = [
        "csv/beangulp__UTrade20150720.csv": ["transaction_count": "the file has 12 data rows; the golden's 13th entry is not a CSV row"],
        "csv/csv2ofx__ingesp.csv": ["payee": "csv2ofx's ingesp mapping splits the description", "memo": "csv2ofx puts the category in the memo"],
        "csv/csv2ofx__payoneer.csv": ["payee": "csv2ofx maps the Target column to the payee", "memo": "csv2ofx maps Description to the memo"],
        "csv/ofxstatement-dutch__Knab_transactieoverzicht_ok.csv": ["end_date": "source convention: last day + 1"],
        "csv/csv2ofx__schwab-checking.csv": ["memo": "csv2ofx copies the description into the memo"],
        "csv/csv2ofx__stripe-default.csv": ["payee": "csv2ofx maps the customer to the payee", "memo": "csv2ofx maps the description to the memo"],
        "csv/csv2ofx__xero.csv": ["*": "a journal export that csv2ofx splits into per-account QIF sections by its own rules"],
        "csv/ofxstatement-austrian__easybank-creditcard.csv": ["memo": "the source splits the text on |", "id": "the source takes the id from the text"],
        "csv/ofxstatement-austrian__easybank-giro.csv": ["memo": "the source parses payee, IBAN and sequence number out of the text", "payee": "same", "check_number": "same"],
        "csv/ofxstatement-austrian__livebank.csv": ["payee": "the source joins the trailing cells with commas"],
        "csv/ofxstatement-austrian__raiffeisen.csv": ["memo": "the source collapses double spaces"],
        "csv/ofxstatement-dutch__NL99INGB9999999999_25-11-2019_30-05-2020.csv": ["account_id": "taken from the file name by the source",
            "currency": "not in the file: the source's configuration", "end_date": "source convention: last day + 1"],
        "csv/ofxstatement-dutch__ing_ok.csv": ["payee": "composed by the source", "memo": "composed by the source", "end_date": "source convention: last day + 1"],
        "csv/ofxstatement-dutch__ing_ok_Mutatiesoort_Extra_Unquoted.csv": ["payee": "composed by the source", "memo": "composed by the source", "end_date": "source convention: last day + 1"],
        "csv/ofxstatement-dutch__transactie-historie_NL00ASNB9999999999_20220717204133.csv": [
            "payee": "composed by the source (name + account)", "id": "built by the source from date + journal number",
            "date": "the source uses the journal date (column 12); the reader uses the booking date (column 1)",
            "end_date": "source convention: last day + 1"],
        "csv/ofxstatement-dutch__Account_20190101_20200317.csv": ["*": "the source keeps only cash deposits and withdrawals (by description), a config filter"],
    ]

    static var keys: [String] { Corpus.keys(prefix: "csv/") }

    @Test func corpusIsPresentOrSkipped() {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        #expect(Corpus.directory == nil || !CorpusTests.keys.isEmpty)
    }

    func read(_ key: String) throws -> ReadResult {
        let bytes = try Corpus.bytes(key)
        let setup = CorpusTests.setups[key]
        var options = setup?.options ?? ReadOptions()
        if let name = setup?.profile { options.profile = fixtureProfile(name) }
        return CSVReader(profiles: shippedProfiles).read(bytes, file: key, options: options)
    }

    @Test(arguments: CorpusTests.keys)
    func corpusEntry(_ key: String) throws {
        let facts = try #require(Corpus.facts(for: key))
        let parse = facts["parse"] as? String ?? ""
        let result = try read(key)
        let usable = result.isUsable(strict: false) && !result.statements.isEmpty
        let skip = CorpusTests.skipped[key] ?? [:]
        switch parse {
        case "fail":
            #expect(!usable || result.statements.allSatisfy { $0.transactions.isEmpty && $0.balances.isEmpty },
                    "\(key) should be refused")
            #expect(result.diagnostics.contains { $0.severity == .error || $0.severity == .warning })
            return
        case "fail_in_source":
            return // a more tolerant reader may accept these; parsing must simply not crash
        default:
            #expect(usable, "\(key): \(rendered(result, file: key).joined(separator: "\n"))")
        }
        if skip["*"] != nil { return }
        if let encoding = facts["encoding"] as? String, skip["encoding"] == nil {
            let bytes = try Corpus.bytes(key)
            let ascii = bytes.allSatisfy { $0 < 0x80 }
            let got = result.statements.first?.source.encoding ?? ""
            #expect(ascii && got == "utf-8" || CorpusTests.sameEncoding(got, encoding), "\(key): encoding \(got), expected \(encoding)")
        }
        let accounts = facts["accounts"] as? [[String: Any]] ?? []
        var used = Set<Int>()
        for expected in accounts {
            let index = try #require(match(expected, in: result.statements, used: used, skip: skip), "\(key): no statement matches \(expected)")
            used.insert(index)
            check(expected, result.statements[index], key: key, skip: skip)
        }
    }

    static func sameEncoding(_ a: String, _ b: String) -> Bool {
        func norm(_ s: String) -> String {
            let t = s.lowercased().split(separator: " ").first.map(String.init) ?? ""
            switch t {
            case "cp1252", "windows-1252": return "windows-1252"
            case "iso-8859-1", "latin1", "iso8859-1": return "iso-8859-1"
            case "cp1250", "windows-1250": return "windows-1250"
            default: return t
            }
        }
        return norm(a) == norm(b)
    }

    /// The statement an expected account describes: same count, same name if given, samples hold.
    func match(_ expected: [String: Any], in statements: [Statement], used: Set<Int>, skip: [String: String]) -> Int? {
        let count = expected["transaction_count"] as? Int
        var candidates = statements.indices.filter { !used.contains($0) }
        if let name = expected["account_name"] as? String {
            let named = candidates.filter { statements[$0].account.id == name || statements[$0].account.name == name }
            if !named.isEmpty { candidates = named }
        }
        if let count, skip["transaction_count"] == nil {
            let counted = candidates.filter { statements[$0].transactions.count == count }
            if !counted.isEmpty { candidates = counted } else if statements.count > 1 { return nil }
        }
        return candidates.first
    }

    func check(_ expected: [String: Any], _ s: Statement, key: String, skip: [String: String]) {
        func wanted(_ fact: String) -> Bool { skip[fact] == nil }
        if let n = expected["transaction_count"] as? Int, wanted("transaction_count") {
            #expect(s.transactions.count == n, "\(key): transaction_count")
        }
        if let id = expected["account_id"] as? String, wanted("account_id") { #expect(s.account.id == id, "\(key): account_id") }
        if let c = expected["currency"] as? String, wanted("currency") {
            #expect(s.account.currency?.code == c.uppercased(), "\(key): currency \(String(describing: s.account.currency))")
        }
        if let sum = expected["amount_sum"] as? String {
            let total = s.transactions.reduce(Amount.zero) { (try? $0 + $1.amount) ?? $0 }
            #expect(total == amount(sum), "\(key): amount_sum \(total)")
        }
        let days = s.transactions.map(\.day)
        if let start = expected["start_date"] as? String, wanted("start_date") { #expect(days.min() == day(start), "\(key): start_date") }
        if let end = expected["end_date"] as? String, wanted("end_date") { #expect(days.max() == day(end), "\(key): end_date") }
        for (fact, kind) in [("closing_balance", StatementBalance.Kind.closing), ("closing_cash_balance", .closing),
                             ("ledger_balance", .closing), ("opening_balance", .opening)] {
            guard let value = expected[fact] as? String, wanted(fact) else { continue }
            #expect(s.balances.first { $0.kind == kind }?.amount == amount(value), "\(key): \(fact)")
        }
        if let d = expected["ledger_balance_date"] as? String {
            #expect(s.balances.first { $0.kind == .closing }?.day == day(d), "\(key): ledger_balance_date")
        }
        // Samples index the transactions in file order.
        let fileOrder = s.transactions.sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
        for sample in expected["transactions_sample"] as? [[String: Any]] ?? [] {
            guard let index = sample["index"] as? Int, index < fileOrder.count else {
                Issue.record("\(key): sample index out of range"); continue
            }
            let t = fileOrder[index]
            if let a = sample["amount"] as? String, wanted("amount") { #expect(t.amount == amount(a), "\(key)[\(index)]: amount \(t.amount)") }
            if let d = sample["date"] as? String, wanted("date") { #expect(t.day == day(String(d.prefix(10))), "\(key)[\(index)]: date \(t.day)") }
            if let d = sample["date_qif"] as? String, wanted("date") {
                #expect(t.day == Day.parse(d, order: .monthDayYear), "\(key)[\(index)]: date_qif \(t.day)")
            }
            for (fact, value) in [("payee", t.payee), ("memo", t.memo), ("check_number", t.checkNumber), ("id", t.id)] where wanted(fact) {
                guard sample.keys.contains(fact) else { continue }
                let expectedValue = sample[fact] as? String
                #expect((value ?? "") == (expectedValue ?? ""), "\(key)[\(index)]: \(fact) \(String(describing: value))")
            }
            if let c = sample["currency"] as? String, wanted("currency") {
                #expect((t.currency ?? s.account.currency)?.code == c.uppercased(), "\(key)[\(index)]: currency")
            }
        }
    }
}
