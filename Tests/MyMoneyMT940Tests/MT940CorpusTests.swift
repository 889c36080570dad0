import Foundation
import Testing
import MyMoneyMT940
import MyMoneyTestSupport

/// Every `mt940/` entry of the shared corpus's expected.json: the file is read and the recorded
/// facts hold.
///
/// Most facts come from WoLpH/mt940, which reads a whole file into one list of transactions and
/// keeps the statement-level values (account, numbers, balances) of the last message that set
/// them; this reader gives one statement per message, so those facts are checked against all
/// transactions in file order and against the last statement that has the value. Facts that
/// follow a source project's convention rather than the file are skipped, with the reason.
@Suite struct MT940CorpusTests {
    static let setups: [String: (options: ReadOptions, reason: String)] = [
        "mt940/mt940__jejik_ing.sta": (ReadOptions(acceptBrokenBalances: true),
            "the sample's lines (-45,59 in all) do not lead from 0,00 to 3,47"),
        "mt940/mt940__jejik_postfinance.sta": (ReadOptions(acceptBrokenBalances: true),
            "the sample's second page does not add up: 229,2 − 79,9 + 10,1 is 159,4, its :62F: says 159,6"),
        "mt940/mt940__jejik_rabobank.sta": (ReadOptions(acceptBrokenBalances: true),
            "two of the sample's four statements do not add up (473,17 − 1213,28 is not 395,82)"),
        "mt940/mt940__jejik_triodos.sta": (ReadOptions(acceptBrokenBalances: true),
            "the sample's lines do not lead from 4975,09 to 4370,79"),
        "mt940/mt940__mBank_with_newline_in_tnr.sta": (ReadOptions(acceptBrokenBalances: true),
            "the sample's two lines (89,00) do not lead from 0,46 to 860,17"),
        "mt940/mt940__self-provided_malformed_details.sta": (ReadOptions(acceptBrokenBalances: true),
            "a synthetic file: 12345,12 − 233,15 is not 12345,98"),
        "mt940/mt940__self-provided_overly_long_details.sta": (ReadOptions(acceptBrokenBalances: true),
            "a synthetic file: 12345,12 − 233,15 is not 12345,98"),
        "mt940/mt940__self-provided_whitespace.sta": (ReadOptions(acceptBrokenBalances: true),
            "a synthetic file: 12345,12 − 233,15 is not 12345,98"),
        "mt940/mt940__self-provided_raiffeisen-cmi.sta": (ReadOptions(acceptBrokenBalances: true),
            "the sample's seven lines (−1012213,50) do not lead from 25170637,10 to 25281687,60"),
        "mt940/ofxstatement-mt940__mt940_ASN.txt": (ReadOptions(acceptBrokenBalances: true),
            "the source test planted a duplicate line (1000,18 twice in one statement): the balances show it"),
        "mt940/mt940__jejik_abnamro.sta": (ReadOptions(acceptBrokenBalances: true),
            "neither statement of the sample adds up (3236,28 − 321,44 is not 876,84; 2876,84 − 24,49 is not 1849,75)"),
        "mt940/mt940__betterplace_sepa_snippet_broken.sta": (ReadOptions(acceptBrokenBalances: true),
            "a broken snippet: one :61: of 50990,05 cannot lead from 766656,49 to 1125250,4"),
        "mt940/mt940__jejik_knab.sta": (ReadOptions(acceptBrokenBalances: true),
            "the sample's second statement does not add up: 3058,98 − 7260 + 500 is not its closing 798,98"),
    ]

    static let skipped: [String: [String: String]] = [
        "mt940/mt940__self-provided_invalid_statement.sta": ["*":
            "WoLpH returns an empty list for any text; this reader refuses a file with no MT940 field at all (mt940.not-mt940, tested below)"],
        "mt940/mt940__betterplace_sepa_snippet_broken.sta": [
            "account_id": "WoLpH takes the mistyped second :25: (wrapped :86: text) as the account; this reader keeps the first :25: and warns",
            "customer_reference": "WoLpH's field-61 pattern takes 16 characters greedily (NONREF//07247103); this reader splits at // as SWIFT defines it",
            "bank_reference": "as customer_reference"],
        "mt940/mt940__jejik_knab.sta": [
            "customer_reference@0": "WoLpH's greedy 16-character customer reference swallows the // (NONREF//B4E07XM0)",
            "bank_reference@0": "as customer_reference@0"],
        "mt940/mt940__betterplace_sepa_mt9401.sta": [
            "customer_reference": "WoLpH's golden records no owner's reference where the lines have one (TFNr 40005 MSGID, NONREF)",
            "bank_reference@96": "WoLpH's golden records none for NONREF//0724710290648274"],
        "mt940/mt940__jejik_postfinance.sta": [
            "customer_reference": "WoLpH's greedy 16-character customer reference swallows the // (01916//NONREF)"],
        "mt940/mt940__betterplace_currency_in_25.sta": [
            "account_id": "the reader takes the currency glued to :25: off the account (51210600/9223382012) and keeps the written form as a field"],
        "mt940/mt940__jejik_rabobank.sta": [
            "account_id": "the reader takes the currency glued to :25: off the account (1526.89.184)"],
        "mt940/mt940__self-provided_raiffeisen-cmi.sta": [
            "account_id": "the reader takes the trailing /HUF off the account"],
        "mt940/mt940__self-provided_raphaelm.sta": [
            "final_closing_balance": "the :62F: has no currency (C02032495000,00): WoLpH reads 950 as its currency and 0,00 as the amount; this reader reads 95000,00 without a currency",
            "intermediate_closing_balance": "as final_closing_balance (C020315105000,00)"],
        "mt940/mt940__self-provided_long_statement_number.sta": [
            "statement_number": "WoLpH cuts the 10-digit :28: to its first five digits; this reader keeps 1810118101 (recorded as statement_number_full)"],
        "mt940/mt940__self-provided_sparkassen.sta": [
            "customer_reference": "WoLpH's golden records none for the NONREF of a :61: broken over two lines"],
        "mt940/mt940__self-provided_wrapped_timestamp.sta": [
            "customer_reference": "WoLpH's golden records none for NONREF here, though it does for the same line in february_30.sta"],
        "mt940/mt940__mBank_mt940.sta": ["ofxstatement_mt940.end_date": "ofxstatement-mt940's end date is the last day + 1"],
        "mt940/mt940__mBank_mt942.sta": ["mbank_details_sample": "WoLpH's mBank-only processors (TNR, IPH id)"],
        "mt940/mt940__mBank_with_newline_in_tnr.sta": ["mbank_details_sample": "WoLpH's mBank-only processors (TNR)"],
        "mt940/ofxstatement-mt940__mt940_ASN.txt": [
            "payee": "ofxstatement-mt940 composes the payee from the :61: details and the counter-IBAN",
            "memo": "ofxstatement-mt940 composes the memo and numbers duplicates (#2)",
            "end_date": "ofxstatement-mt940's end date is the last day + 1",
            "opening_balance": "ofxstatement-mt940 derives the opening (-555,89) as the last closing minus all lines; the file's first :60F: says 444,29",
            "account_type": "ofxstatement's own account type word"],
    ]

    static var keys: [String] { Corpus.keys(prefix: "mt940/") }

    @Test func corpusIsPresentOrSkipped() {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        #expect(Corpus.directory == nil || MT940CorpusTests.keys.count >= 30)
    }

    @Test func notMT940AtAllIsRefused() throws {
        guard Corpus.directory != nil else { return }
        let result = MT940Reader().read(try Corpus.bytes("mt940/mt940__self-provided_invalid_statement.sta"), file: "x", options: ReadOptions())
        #expect(result.diagnostics.map(\.code) == ["mt940.not-mt940"])
    }

    @Test(arguments: MT940CorpusTests.keys)
    func corpusEntry(_ key: String) throws {
        let facts = try #require(Corpus.facts(for: key))
        let skip = MT940CorpusTests.skipped[key] ?? [:]
        if skip["*"] != nil { return }
        let options = MT940CorpusTests.setups[key]?.options ?? ReadOptions()
        let result = MT940Reader().read(try Corpus.bytes(key), file: key, options: options)
        func wanted(_ fact: String, _ index: Int? = nil) -> Bool {
            skip[fact] == nil && (index.map { skip["\(fact)@\($0)"] == nil } ?? true)
        }
        let usable = result.isUsable(strict: false)
        #expect(usable, "\(key): \(codes(result))")
        let statements = result.statements
        let all = statements.flatMap(\.transactions)
        for n in [facts["ofxstatement_mt940_line_count"] as? Int].compactMap({ $0 }) { #expect(all.count == n, "\(key): line count") }
        if let o = facts["ofxstatement_mt940"] as? [String: Any] { checkOFXStatement(o, statements, key: key, prefix: "ofxstatement_mt940.", wanted: wanted) }
        for expected in facts["accounts"] as? [[String: Any]] ?? [] {
            if expected["opening_balance"] != nil || expected["account_type"] != nil {
                checkOFXStatement(expected, statements, key: key, prefix: "", wanted: wanted)
                continue
            }
            checkWoLpH(expected, statements, all, key: key, wanted: wanted)
        }
    }

    func checkWoLpH(_ expected: [String: Any], _ statements: [Statement], _ all: [StatementTransaction], key: String,
                    wanted: (String, Int?) -> Bool) {
        func last(_ field: String) -> String? {
            statements.reversed().lazy.compactMap { s in s.extra.first { $0.key == field }?.value }.first
        }
        if let n = expected["transaction_count"] as? Int { #expect(all.count == n, "\(key): transaction_count \(all.count)") }
        if let id = expected["account_id"] as? String, wanted("account_id", nil) {
            #expect(statements.last { $0.account.id != nil }?.account.id == id, "\(key): account_id")
        }
        if let n = expected["statement_number"] as? String, wanted("statement_number", nil) { #expect(last("statement number") == n, "\(key): statement_number \(last("statement number") ?? "nil")") }
        if let n = expected["sequence_number"] as? String { #expect(last("sequence number") == n, "\(key): sequence_number") }
        if let n = expected["transaction_reference"] as? String { #expect(last("transaction reference") == n, "\(key): transaction_reference") }
        if let n = expected["statement_number_full"] as? String { #expect(last("statement number") == n, "\(key): statement_number_full") }
        // F balances stand in statements whose page is first/only (opening) or last/only (closing).
        func page(_ s: Statement) -> String? { s.extra.first { $0.key == "page" }?.value }
        let balanceFacts: [(String, StatementBalance.Kind, (String?) -> Bool)] = [
            ("final_opening_balance", .opening, { $0 == "only" || $0 == "first" }),
            ("final_closing_balance", .closing, { $0 == "only" || $0 == "last" }),
            ("intermediate_opening_balance", .opening, { $0 == "intermediate" || $0 == "last" }),
            ("intermediate_closing_balance", .closing, { $0 == "intermediate" || $0 == "first" }),
        ]
        for (fact, kind, onPage) in balanceFacts {
            guard let b = expected[fact] as? [String: Any], wanted(fact, nil) else { continue }
            let found = statements.last { onPage(page($0)) && $0.balances.contains { $0.kind == kind } }?.balances.last { $0.kind == kind }
            check(b, found, key: key, fact: fact)
        }
        for fact in ["available_balance", "forward_available_balance"] {
            guard let b = expected[fact] as? [String: Any] else { continue }
            let found = statements.flatMap(\.balances).last { $0.kind == .available && $0.amount == amount(b["amount"] as? String ?? "") && $0.day == day(b["date"] as? String ?? "") }
            check(b, found, key: key, fact: fact)
        }
        for sample in expected["transactions_sample"] as? [[String: Any]] ?? [] {
            guard let index = sample["index"] as? Int, index < all.count else { Issue.record("\(key): sample out of range"); continue }
            let t = all[index]
            let owner = statements.first { $0.transactions.contains(t) }
            let at = "\(key)[\(index)]"
            if let a = sample["amount"] as? String { #expect(t.amount == amount(a), "\(at): amount \(t.amount)") }
            if let d = sample["date"] as? String { #expect(t.extra("value date") == d, "\(at): value date") }
            if sample.keys.contains("entry_date") {
                #expect(t.day == day((sample["entry_date"] as? String) ?? (sample["date"] as? String ?? "")), "\(at): entry_date \(t.day)")
            }
            if sample.keys.contains("currency") {
                #expect((t.currency ?? owner?.account.currency)?.code == sample["currency"] as? String, "\(at): currency")
            }
            if let status = sample["status"] as? String { #expect(t.amount.isNegative == status.hasSuffix("D") || t.amount.isZero, "\(at): status") }
            if let type = sample["type_code"] as? String { #expect((t.bankType ?? "") == type.trimmingCharacters(in: .whitespaces), "\(at): type_code") }
            if sample.keys.contains("customer_reference"), wanted("customer_reference", index) {
                let written = (sample["customer_reference"] as? String)?.trimmingCharacters(in: .whitespaces)
                #expect(t.extra("customer reference") == (written?.isEmpty == true ? nil : written), "\(at): customer_reference \(t.extra("customer reference") ?? "nil")")
            }
            if sample.keys.contains("bank_reference"), wanted("bank_reference", index) {
                let ref = t.id ?? t.extra("bank reference").flatMap { $0 == "NONREF" ? nil : $0 }
                #expect(ref == sample["bank_reference"] as? String, "\(at): bank_reference \(ref ?? "nil")")
            }
            if let extra = sample["extra_details"] as? String {
                #expect(t.payee == extra || t.extra("supplementary details") == extra, "\(at): extra_details")
            }
            if let details = sample["details"] as? String {
                #expect(t.memo == details.replacingOccurrences(of: "\n", with: " "), "\(at): details \(t.memo ?? "nil")")
            }
        }
    }

    func check(_ b: [String: Any], _ found: StatementBalance?, key: String, fact: String) {
        #expect(found?.amount == amount(b["amount"] as? String ?? ""), "\(key): \(fact) amount \(String(describing: found?.amount))")
        #expect(found?.day == day(b["date"] as? String ?? ""), "\(key): \(fact) date")
        if let c = b["currency"] as? String { #expect(found?.currency?.code == c, "\(key): \(fact) currency") }
    }

    /// ofxstatement-mt940's facts: the first statement's opening, the last one's closing, all lines.
    func checkOFXStatement(_ o: [String: Any], _ statements: [Statement], key: String, prefix: String, wanted: (String, Int?) -> Bool) {
        let all = statements.flatMap(\.transactions)
        func want(_ fact: String) -> Bool { wanted(prefix + fact, nil) }
        if let id = o["account_id"] as? String, want("account_id") { #expect(statements.first?.account.id == id, "\(key): \(prefix)account_id") }
        if let c = o["currency"] as? String, want("currency") { #expect(statements.first?.account.currency?.code == c, "\(key): \(prefix)currency") }
        let opening = statements.first?.balances.first { $0.kind == .opening }
        let closing = statements.last?.balances.first { $0.kind == .closing }
        if let a = o["opening_balance"] as? String, want("opening_balance") { #expect(opening?.amount == amount(a), "\(key): \(prefix)opening_balance") }
        if let a = o["closing_balance"] as? String, want("closing_balance") { #expect(closing?.amount == amount(a), "\(key): \(prefix)closing_balance") }
        if let d = o["start_date"] as? String, want("start_date") { #expect(all.map(\.day).min() == day(d), "\(key): \(prefix)start_date") }
        if let d = o["end_date"] as? String, want("end_date") { #expect(all.map(\.day).max() == day(d), "\(key): \(prefix)end_date") }
        if let n = o["transaction_count"] as? Int { #expect(all.count == n, "\(key): \(prefix)transaction_count \(all.count)") }
        for sample in o["transactions_sample"] as? [[String: Any]] ?? [] {
            guard let index = sample["index"] as? Int, index < all.count else { continue }
            let t = all[index]
            if let a = sample["amount"] as? String { #expect(t.amount == amount(a), "\(key)[\(index)]: amount") }
            if let d = sample["date"] as? String { #expect(t.day == day(d), "\(key)[\(index)]: date") }
            for (fact, value) in [("payee", t.payee), ("memo", t.memo)] where sample.keys.contains(fact) && want(fact) {
                #expect(value == sample[fact] as? String, "\(key)[\(index)]: \(fact) \(value ?? "nil")")
            }
        }
    }
}
