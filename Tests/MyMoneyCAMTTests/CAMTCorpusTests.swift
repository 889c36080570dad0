import Foundation
import Testing
import MyMoneyCAMT
import MyMoneyTestSupport

/// Every `camt/` entry of the shared corpus's expected.json: the file is read (or refused where
/// the entry says `fail`, with an error) and the recorded facts hold.
///
/// Facts that follow the source project's own conventions rather than the file are skipped,
/// each with its reason in `skipped`; `fact@N` skips a fact of sample N only.
@Suite struct CAMTCorpusTests {
    /// Reading options per entry, with the reason.
    static let setups: [String: (options: ReadOptions, reason: String)] = [
        "camt/actual__camt.053.xml": (ReadOptions(acceptBrokenBalances: true),
            "the test file's balances do not add up: PRCD 24.16 + entries -164.10 is not CLBD 27.61 (entries were added to the file without its balances)"),
        "camt/genkgo-camt__camt053.v2.all-balance-types.xml": (ReadOptions(acceptBrokenBalances: true),
            "a synthetic file of ten balance types whose OPBD 1.01 + 8.85 is not CLBD 4.04"),
        "camt/genkgo-camt__camt053.v2.five.decimals.xml": (ReadOptions(acceptBrokenBalances: true),
            "a synthetic file: OPBD 18.150 + 8.850 is 27.000, its CLBD says 27.050"),
        "camt/ofxstatement-iso20022__gcamp6.xml": (ReadOptions(acceptBrokenBalances: true),
            "the sample's OPBD 0.00 + five entries of 13010.00 is not its CLBD 10000.00"),
    ]

    static let skipped: [String: [String: String]] = [
        "camt/actual__camt.053.xml": [
            "date": "Actual dates a transaction by its value date (ValDt); this reader by its booking date (BookgDt) as the brief asks",
            "payee@2": "Actual falls back to AddtlNtryInf for the payee; this reader takes the payee only from the counterparty's name and AddtlNtryInf as the memo",
            "id@5": "Actual gives batch details no id; this reader gives each detail its entry's AcctSvcrRef (the store tells them apart by amount)",
            "id@6": "as id@5",
        ],
        "camt/ofxstatement-iso20022__camt052.xml": [
            "memo": "ofxstatement takes the memo from AddtlNtryInf (BELASTUNG); this reader from the remittance information (Ustrd), AddtlNtryInf only without one",
            "refnum": "ofxstatement keeps the literal NONREF; this reader treats NONREF as no reference and takes the proprietary one",
            "account_type": "ofxstatement's own account type word (CHECKING)",
            "id": "ofxstatement's own transaction id",
        ],
        "camt/ofxstatement-iso20022__camt053.xml": [
            "account_id": "the recorded IBAN comes from the source test's plugin configuration; the file has only Othr/Id",
            "bank_id": "ofxstatement takes the servicer's Nm (SAMPLEBANK222) when its BICFI is not a BIC; this reader keeps the BIC field",
            "account_type": "ofxstatement's own account type word",
        ],
        "camt/ofxstatement-iso20022__davider80.xml": [
            "bank_id": "ofxstatement takes the servicer's name (Raiffeisen) as the bank id; the file gives no BIC",
            "payee": "ofxstatement leaves the payee empty",
        ],
        "camt/ofxstatement-iso20022__gcamp6.xml": [
            "payee": "ofxstatement leaves the payee empty",
        ],
        "camt/genkgo-camt__camt052.v2.xml": ["created_on_utc": "genkgo converts to UTC; the reader keeps the time as written"],
        "camt/genkgo-camt__camt053.v2.all-balance-types.xml": ["created_on_utc": "genkgo converts to UTC"],
        "camt/genkgo-camt__camt053.v2.five.decimals.xml": ["created_on_utc": "genkgo converts to UTC"],
        "camt/genkgo-camt__camt053.v2.minimal.xml": ["created_on_utc": "genkgo converts to UTC"],
        "camt/genkgo-camt__camt053.v2.multi.statement.xml": ["created_on_utc": "genkgo converts to UTC",
            "counterparty@0": "the synthetic credit names only its creditor; genkgo reports the first party, this reader the debtor of a credit (none here)",
            "counterparty_country@0": "as counterparty@0"],
        "camt/genkgo-camt__camt053.v2.with-party-ids.xml": ["created_on_utc": "genkgo converts to UTC"],
        "camt/genkgo-camt__camt053.v4.xml": ["created_on_utc": "genkgo converts to UTC"],
        "camt/genkgo-camt__camt053.v8.xml": ["created_on_utc": "genkgo converts to UTC"],
        "camt/genkgo-camt__camt054.v2.xml": ["created_on_utc": "genkgo converts to UTC"],
        "camt/genkgo-camt__camt53.only-Dt-with-DtTm.xml": ["created_on_utc": "genkgo converts to UTC"],
    ]

    static var keys: [String] { Corpus.keys(prefix: "camt/") }

    @Test func corpusIsPresentOrSkipped() {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        #expect(Corpus.directory == nil || CAMTCorpusTests.keys.count >= 18)
    }

    @Test(arguments: CAMTCorpusTests.keys)
    func corpusEntry(_ key: String) throws {
        let facts = try #require(Corpus.facts(for: key))
        let bytes = try Corpus.bytes(key)
        let options = CAMTCorpusTests.setups[key]?.options ?? ReadOptions()
        let result = CAMTReader().read(bytes, file: key, options: options)
        let skip = CAMTCorpusTests.skipped[key] ?? [:]
        /// `index` names a sample: `N` in the first statement, `S/N` in statement S.
        func wanted(_ fact: String, _ index: String? = nil) -> Bool {
            skip[fact] == nil && (index.map { skip["\(fact)@\($0)"] == nil } ?? true)
        }
        if facts["parse"] as? String == "fail" {
            #expect(!result.isUsable(strict: false), "\(key) should be refused")
            #expect(result.diagnostics.contains { $0.severity == .error }, "\(key): \(codes(result))")
            return
        }
        #expect(result.isUsable(strict: false), "\(key): \(codes(result))")
        let statements = result.statements
        if let count = facts["record_count"] as? Int { #expect(statements.count == count, "\(key): record_count") }
        if let id = facts["message_id"] as? String {
            #expect(statements.first?.extra.first { $0.key == "MsgId" }?.value == id, "\(key): message_id")
        }
        if wanted("created_on_utc"), facts["created_on_utc"] != nil { Issue.record("\(key): created_on_utc is not checked") }
        let accounts = facts["accounts"] as? [[String: Any]] ?? []
        for (index, expected) in accounts.enumerated() {
            let s = try #require(statements.count > index ? statements[index] : nil, "\(key): no statement \(index)")
            check(expected, s, key: key, statement: index, wanted: wanted)
        }
    }

    func check(_ expected: [String: Any], _ s: Statement, key: String, statement: Int, wanted: (String, String?) -> Bool) {
        func field(_ name: String) -> String? { s.extra.first { $0.key == name }?.value }
        if let id = expected["record_id"] as? String { #expect(field("Id") == id, "\(key): record_id") }
        if let id = expected["account_id"] as? String, wanted("account_id", nil as String?) { #expect(s.account.id == id, "\(key): account_id \(s.account.id ?? "nil")") }
        if expected.keys.contains("bank_id"), wanted("bank_id", nil as String?) {
            #expect(s.account.bankId == expected["bank_id"] as? String, "\(key): bank_id \(s.account.bankId ?? "nil")")
        }
        if let c = expected["currency"] as? String { #expect(s.account.currency?.code == c, "\(key): currency") }
        if let n = expected["entry_count"] as? Int { #expect(s.transactions.count == n, "\(key): entry_count") }
        if let n = expected["transaction_count"] as? Int { #expect(s.transactions.count == n, "\(key): transaction_count \(s.transactions.count)") }
        if let from = expected["from_datetime_utc"] as? String { #expect(s.period?.start == day(String(from.prefix(10))), "\(key): from") }
        if let to = expected["to_datetime_utc"] as? String { #expect(s.period?.end == day(String(to.prefix(10))), "\(key): to") }
        let opening = s.balances.first { $0.kind == .opening }, closing = s.balances.first { $0.kind == .closing }
        if let a = expected["opening_balance"] as? String { #expect(opening?.amount == amount(a), "\(key): opening_balance") }
        if let a = expected["closing_balance"] as? String { #expect(closing?.amount == amount(a), "\(key): closing_balance") }
        // ofxstatement's start and end dates are its opening and closing balances' dates.
        if let d = expected["start_date"] as? String { #expect(opening?.day == day(d), "\(key): start_date") }
        if let d = expected["end_date"] as? String { #expect(closing?.day == day(d), "\(key): end_date") }
        for b in expected["balances"] as? [[String: Any]] ?? [] { checkBalance(b, s, key: key) }
        for sample in expected["transactions_sample"] as? [[String: Any]] ?? [] {
            guard let index = sample["index"] as? Int, index < s.transactions.count else {
                Issue.record("\(key): sample index out of range"); continue
            }
            let label = statement == 0 ? "\(index)" : "\(statement)/\(index)"
            checkSample(sample, s.transactions[index], index: label, s, key: key, wanted: wanted)
        }
    }

    /// genkgo's balance types against the kinds, and the codes kept as fields.
    func checkBalance(_ b: [String: Any], _ s: Statement, key: String) {
        guard let type = b["type"] as? String, let a = b["amount"] as? String, let d = b["date"] as? String else { return }
        let currency = b["currency"] as? String
        let kinds: [String: StatementBalance.Kind] = ["opening": .opening, "closing": .closing, "closing_available": .available,
                                                      "forward_available": .available, "interim_available": .available, "interim": .ledger]
        let codes: [String: [String]] = ["opening": ["PRCD"], "opening_available": ["OPAV"], "information": ["INFO"], "expected_credit": ["XPCD"]]
        let asBalance = s.balances.contains { kinds[type] == $0.kind && $0.amount == amount(a) && $0.day == day(d) && $0.currency?.code == currency }
        let asField = (codes[type] ?? []).contains { code in
            s.extra.contains { $0.key == "balance.\(code)" && $0.value == "\(amount(a)) \(currency ?? "") \(d)" }
        }
        #expect(asBalance || asField, "\(key): balance \(type) \(a) \(currency ?? "") \(d)")
    }

    func checkSample(_ sample: [String: Any], _ t: StatementTransaction, index: String, _ s: Statement, key: String,
                     wanted: (String, String?) -> Bool) {
        let at = "\(key)[\(index)]"
        if let a = sample["amount"] as? String, wanted("amount", index) { #expect(t.amount == amount(a), "\(at): amount \(t.amount)") }
        if let c = sample["currency"] as? String { #expect((t.currency ?? s.account.currency)?.code == c, "\(at): currency") }
        if let cd = sample["credit_debit"] as? String { #expect(t.amount.isNegative == (cd == "DBIT"), "\(at): credit_debit") }
        if let d = sample["date"] as? String, wanted("date", index) { #expect(t.day == day(String(d.prefix(10))), "\(at): date \(t.day)") }
        if let d = sample["booking_date"] as? String { #expect(t.day == day(d), "\(at): booking_date") }
        if let d = (sample["value_date"] ?? sample["date_user"]) as? String { #expect(t.extra("value date") == d, "\(at): value date") }
        if let status = sample["status"] as? String { #expect(status == "BOOK", "\(at): only booked entries are read") }
        if let reversal = sample["reversal"] as? Bool { #expect((t.extra("reversal") == "true") == reversal, "\(at): reversal") }
        if let ref = sample["account_servicer_reference"] as? String { #expect(t.id == ref, "\(at): account_servicer_reference \(t.id ?? "nil")") }
        if let ref = sample["refnum"] as? String, wanted("refnum", index) { #expect(t.id == ref, "\(at): refnum \(t.id ?? "nil")") }
        for (fact, value) in [("payee", t.payee), ("memo", t.memo), ("id", t.id), ("check_number", t.checkNumber)]
            where sample.keys.contains(fact) && wanted(fact, index) {
            #expect(value == sample[fact] as? String, "\(at): \(fact) \(value ?? "nil")")
        }
        if let r = sample["remittance"] as? String, wanted("remittance", index) { #expect(t.memo == r, "\(at): remittance") }
        if let c = sample["counterparty"] as? String, wanted("counterparty", index) { #expect(t.payee == c, "\(at): counterparty") }
        if let c = sample["counterparty_country"] as? String, wanted("counterparty_country", index) {
            #expect(t.extra("counterparty.country") == c, "\(at): counterparty_country")
        }
        if let e = sample["end_to_end_id"] as? String, wanted("end_to_end_id", index) { #expect(t.extra("end-to-end id") == e, "\(at): end_to_end_id") }
    }
}
