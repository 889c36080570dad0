import Foundation
import Testing
import MyMoneyOFX
import MyMoneyTestSupport

/// Every OFX and QFX file of the shared corpus, checked against the facts its source project's
/// tests assert (`expected.json`), translated to our model.
@Suite("OFX corpus")
struct OFXCorpusTests {
    static let keys = Corpus.keys(prefix: "ofx/") + Corpus.keys(prefix: "qfx/")

    @Test func corpusIsPresentOrSkipped() {
        if Corpus.directory == nil { print(Corpus.absentMessage); return }
        #expect(OFXCorpusTests.keys.count >= 70)
    }

    @Test(arguments: OFXCorpusTests.keys)
    func corpusFileMatchesItsFacts(_ key: String) throws {
        let facts = try #require(Corpus.facts(for: key))
        let bytes = try Corpus.bytes(key)
        let reader = OFXReader()
        let result = reader.read(bytes, file: key, options: ReadOptions())
        let mismatches = CorpusFacts.check(facts, result)
        #expect(mismatches.isEmpty, "\(key): \(mismatches.joined(separator: "; "))\n\(result.diagnostics.map { "\($0.severity) \($0.code): \($0.message)" }.joined(separator: "\n"))")
    }

    /// Files with no facts in expected.json must still read without crashing and produce statements.
    @Test(arguments: ["ofx/actual__data-multi-decimal.ofx", "ofx/ofxparse__bank_small.ofx", "ofx/ofxparse__investment_medium.ofx",
                      "ofx/ofxtools__br_nubank_cc.ofx", "ofx/ofxtools__invstmtrs.ofx", "ofx/ofxtools__stmtrs.ofx",
                      "ofx/ofxtools__stmtrs_euro.ofx"])
    func corpusFileWithoutFactsReads(_ key: String) throws {
        guard Corpus.directory != nil else { return }
        let result = OFXReader().read(try Corpus.bytes(key), file: key, options: ReadOptions())
        #expect(result.isUsable(strict: false), "\(result.diagnostics.map(\.message))")
        #expect(result.statements.isEmpty == (key == "ofx/ofxparse__bank_small.ofx"))   // bank_small is `<OFX></OFX>`
    }
}

/// Translates expected.json facts into checks on a `ReadResult`.
enum CorpusFacts {
    static func check(_ facts: [String: Any], _ result: ReadResult) -> [String] {
        var problems: [String] = []
        let parse = facts["parse"] as? String ?? "ok"
        let usable = result.isUsable(strict: false)
        switch parse {
        case "fail":
            if usable { problems.append("expected rejection, but the file was read") }
            if !result.diagnostics.contains(where: { $0.severity == .error }) { problems.append("no error diagnostic") }
            return problems
        case "fail_strict":
            if !usable { problems.append("expected a lenient read") }
            if result.isUsable(strict: true) { problems.append("expected warnings that fail strict mode") }
        default:
            let statusCodes = [facts["signon"], facts["status"]].compactMap { ($0 as? [String: Any])?["code"] as? Int }
            if statusCodes.allSatisfy({ $0 == 0 }) && !usable {
                problems.append("expected a usable read: \(result.diagnostics.filter { $0.severity == .error }.map(\.message))")
            }
        }
        for field in ["signon", "status"] {
            guard let s = facts[field] as? [String: Any], let code = s["code"] as? Int else { continue }
            if code != 0 {
                let message = s["message"] as? String ?? ""
                let found = result.diagnostics.contains { $0.code == "ofx.status" && $0.severity == .error
                    && $0.message.contains(String(code)) && (message.isEmpty || $0.message.contains(message)) }
                if !found { problems.append("\(field): no ofx.status error naming \(code) \"\(message)\"") }
            } else if let first = result.statements.first {
                if field == "signon", first.extra.first(where: { $0.key == "SONRS.STATUS.CODE" })?.value != "0" {
                    problems.append("signon: SONRS.STATUS.CODE is not 0")
                }
                if field == "signon", let message = s["message"] as? String, !message.isEmpty,
                   first.extra.first(where: { $0.key == "SONRS.STATUS.MESSAGE" })?.value != message {
                    problems.append("signon: message is not \"\(message)\"")
                }
            }
        }
        if let signon = facts["signon"] as? [String: Any], let first = result.statements.first {
            for (key, extra) in [("language", "SONRS.LANGUAGE"), ("institution_name", "FI.ORG"), ("fi_name", "FI.ORG"),
                                 ("institution_id", "FI.FID"), ("fi_id", "FI.FID"), ("severity", "SONRS.STATUS.SEVERITY")] {
                guard let expected = signon[key] as? String else { continue }
                let ours = first.extra.first(where: { $0.key == extra })?.value
                if ours != expected { problems.append("signon \(key): \(ours ?? "nil") instead of \(expected)") }
            }
        }
        if let headers = facts["headers"] as? [String: Any], let first = result.statements.first {
            for (key, value) in headers {
                let ours = first.extra.first(where: { $0.key == "header.\(key)" })?.value
                let expected = value as? String
                if expected == nil { if ours != nil && ours != "NONE" { problems.append("header \(key): \(ours!) instead of none") } }
                else if ours != expected { problems.append("header \(key): \(ours ?? "nil") instead of \(expected!)") }
            }
        }
        if let warnings = facts["warnings"] as? [String], !warnings.isEmpty,
           !result.diagnostics.contains(where: { $0.severity == .warning }) {
            problems.append("expected a warning (\(warnings[0]))")
        }
        for key in ["account_count", "statement_count"] {
            if let n = facts[key] as? Int, n != result.statements.count {
                problems.append("\(key) \(result.statements.count) instead of \(n)")
            }
        }
        if let lenient = facts["lenient"] as? [String: Any] {
            let count = result.statements.reduce(0) { $0 + $1.transactions.count }
            if let n = lenient["transaction_count"] as? Int, n != count { problems.append("lenient transaction_count \(count) instead of \(n)") }
            let discarded = result.diagnostics.filter { $0.code == "ofx.transaction" && $0.message.contains("skipped") }.count
            if let n = lenient["discarded_count"] as? Int, n != discarded { problems.append("lenient discarded_count \(discarded) instead of \(n)") }
            for kind in ["ledger", "available"] where lenient.keys.contains("\(kind)_balance") {
                if lenient["\(kind)_balance"] is NSNull, result.statements.first?.balances.contains(where: { $0.kind.rawValue == kind }) == true {
                    problems.append("lenient: \(kind) balance should be absent")
                }
            }
        }
        if let accounts = facts["accounts"] as? [[String: Any]] {
            for (i, account) in accounts.enumerated() {
                guard i < result.statements.count else { problems.append("no statement #\(i)"); break }
                problems += checkAccount(account, result.statements[i]).map { "statement #\(i): \($0)" }
            }
        }
        return problems
    }

    static func same(_ expected: Any?, _ ours: String?) -> Bool {
        if expected is NSNull || expected == nil { return ours == nil || ours == "" }
        let e = expected as? String ?? "\(expected!)"
        if e.isEmpty { return ours == nil || ours == "" }
        return e == ours
    }

    static func sameAmount(_ expected: Any?, _ ours: Amount?) -> Bool {
        guard let text = expected as? String else { return (expected is NSNull) == (ours == nil) }
        guard let ours, let e = try? Amount(parsing: text) else { return false }
        return e == ours
    }

    static func utc(_ raw: String?, day: Day?) -> String? {
        if let raw, case .success(let d) = OFXDateTime.parse(raw) { return d.utcText }
        return day.map { "\($0)T00:00:00" }
    }

    static func checkAccount(_ facts: [String: Any], _ s: Statement) -> [String] {
        var p: [String] = []
        func expect(_ key: String, _ ours: String?) {
            guard facts.keys.contains(key) else { return }
            if !same(facts[key], ours) { p.append("\(key) \(ours ?? "nil") instead of \(facts[key]!)") }
        }
        expect("account_id", s.account.id)
        expect("bank_id", s.account.bankId)
        expect("branch_id", s.account.branchId)
        if (facts["account_type"] as? String) != "INVESTMENT" { expect("account_type", s.account.bankType) }
        expect("currency", s.account.currency?.code)
        expect("description", s.account.name)
        expect("transaction_uid", s.extra.first { $0.key == "TRNUID" }?.value)
        expect("institution", s.extra.first { $0.key == "FI.ORG" }?.value)
        for (key, extra) in [("available_cash", "INVBAL.AVAILCASH"), ("margin_balance", "INVBAL.MARGINBALANCE"),
                             ("short_balance", "INVBAL.SHORTBALANCE"), ("buying_power", "INVBAL.BUYPOWER")] where facts.keys.contains(key) {
            let ours = s.extra.first { $0.key == extra }.flatMap { try? Amount(parsing: $0.value) }
            if !sameAmount(facts[key], ours) { p.append("\(key) \(ours.map { "\($0)" } ?? "nil") instead of \(facts[key]!)") }
        }
        if let n = facts["balance_list_count"] as? Int {
            let ours = s.extra.filter { $0.key.hasPrefix("BALLIST.") }.count
            if ours != n { p.append("balance_list_count \(ours) instead of \(n)") }
        }
        for sample in facts["balance_list_sample"] as? [[String: Any]] ?? [] {
            if let name = sample["name"] as? String, let value = sample["value"] as? String,
               !(s.extra.first { $0.key == "BALLIST.\(name)" }?.value.hasPrefix(value) ?? false) {
                p.append("balance list \(name) is not \(value)")
            }
        }
        for (key, kind) in [("ledger_balance_datetime_utc", "ledger"), ("available_balance_datetime_utc", "available")] {
            if let e = facts[key] as? String, s.balances.first(where: { $0.kind.rawValue == kind })?.day.map({ "\($0)" }) != String(e.prefix(10)) {
                p.append("\(key): balance day is not \(e.prefix(10))")
            }
        }
        if let n = facts["transaction_count"] as? Int, n != s.transactions.count, s.account.kind != .investment {
            p.append("transaction_count \(s.transactions.count) instead of \(n)")
        }
        for kind in ["ledger", "available"] {
            let balance = s.balances.first { $0.kind.rawValue == kind }
            if facts.keys.contains("\(kind)_balance"), !sameAmount(facts["\(kind)_balance"], balance?.amount) {
                p.append("\(kind)_balance \(balance.map { "\($0.amount)" } ?? "nil") instead of \(facts["\(kind)_balance"]!)")
            }
            if facts.keys.contains("\(kind)_balance_date") {
                let e = facts["\(kind)_balance_date"]
                let ours = balance?.day.map { "\($0)" }
                if e is NSNull { if ours != nil { p.append("\(kind)_balance_date \(ours!) instead of none") } }
                else if let e = e as? String, ours != String(e.prefix(10)) { p.append("\(kind)_balance_date \(ours ?? "nil") instead of \(e)") }
            }
        }
        if let e = facts["start_date"] as? String, s.period.map({ "\($0.start)" }) != String(e.prefix(10)) {
            p.append("start_date \(s.period.map { "\($0.start)" } ?? "nil") instead of \(e)")
        }
        if let e = facts["end_date"] as? String, s.period.map({ "\($0.end)" }) != String(e.prefix(10)) {
            p.append("end_date \(s.period.map { "\($0.end)" } ?? "nil") instead of \(e)")
        }
        let investmentKeys: Set<String> = ["units", "unit_price", "total", "security", "transfer_action", "inv401k_source",
                                           "trade_datetime_utc", "settle_datetime_utc"]
        for sample in facts["transactions_sample"] as? [[String: Any]] ?? [] {
            if !investmentKeys.isDisjoint(with: sample.keys) && s.account.kind == .investment { continue }
            // Investment records that move only securities are not cash transactions: we leave them out.
            if s.account.kind == .investment, let type = sample["type"] as? String,
               ["TRANSFER", "REINVEST", "SPLIT", "JRNLSEC", "CLOSUREOPT"].contains(type) { continue }
            guard let index = sample["index"] as? Int else { continue }
            let i = index < 0 ? s.transactions.count + index : index
            guard i >= 0, i < s.transactions.count else { p.append("no transaction #\(index)"); continue }
            let t = s.transactions[i]
            func tx(_ key: String, _ ours: String?) {
                guard sample.keys.contains(key) else { return }
                if !same(sample[key], ours) { p.append("transaction #\(index) \(key) \(ours.map { "\"\($0)\"" } ?? "nil") instead of \"\(sample[key]!)\"") }
            }
            if sample.keys.contains("amount"), !sameAmount(sample["amount"], t.amount) {
                p.append("transaction #\(index) amount \(t.amount) instead of \(sample["amount"]!)")
            }
            if let d = sample["date"] as? String, "\(t.day)" != String(d.prefix(10)) { p.append("transaction #\(index) date \(t.day) instead of \(d)") }
            tx("id", t.id)
            // beangulp's golden joins NAME and MEMO with " / "; compare with the same composition.
            if let e = sample["payee"] as? String, e.contains(" / "), let payee = t.payee, let memo = t.memo, e == "\(payee) / \(memo)" {
            } else { tx("payee", t.payee) }
            tx("memo", t.memo)
            tx("type", t.bankType)
            tx("check_number", t.checkNumber)
            tx("sic", t.extra("SIC"))
            tx("refnum", t.extra("REFNUM"))
            tx("datetime_utc", utc(t.extra("DTPOSTED"), day: t.day))
            tx("user_datetime_utc", utc(t.extra("DTUSER"), day: nil))
        }
        return p
    }
}
