import Foundation
import Testing
import MyMoneyQIF
import MyMoneyTestSupport

/// Every QIF file of the shared corpus against the facts its source project's tests assert.
@Suite struct QIFCorpusTests {
    static let keys = Corpus.keys(prefix: "qif/")

    @Test func corpusIsPresentOrSkipped() {
        if Corpus.directory == nil {
            print(Corpus.absentMessage)
            return
        }
        #expect(QIFCorpusTests.keys.count >= 15)
    }

    /// Records of a statement as other importers count them: transactions plus the opening-balance record.
    static func recordCount(_ statement: Statement) -> Int {
        statement.transactions.count + (statement.balances.contains { $0.kind == .opening } ? 1 : 0)
    }

    @Test(arguments: QIFCorpusTests.keys)
    func corpusFileMatchesExpectations(_ key: String) throws {
        let facts = try #require(Corpus.facts(for: key))
        let bytes = try Corpus.bytes(key)
        var options = ReadOptions()
        if let parseOptions = facts["parse_options"] as? [String: Any], let dayFirst = parseOptions["day_first"] as? Bool {
            options.dayOrder = dayFirst ? .dayMonthYear : .monthDayYear
        }
        let document = QIFReader().readDocument(bytes, file: key, options: options)
        let result = document.result
        let errors = result.diagnostics.filter { $0.severity == .error }
        let parse = facts["parse"] as? String ?? "ok"

        if parse == "fail" {
            #expect(!errors.isEmpty, "\(key) must be rejected")
            #expect(result.statements.isEmpty)
            return
        }
        #expect(errors.isEmpty, "\(key): \(errors.map(\.message))")

        if let count = facts["account_count"] as? Int {
            #expect(result.statements.count == count, "\(key): statements \(result.statements.map { $0.account.name ?? "-" })")
        }
        for (index, account) in ((facts["accounts"] as? [[String: Any]]) ?? []).enumerated() {
            try checkAccount(account, index: index, key: key, document: document)
        }
        if let categories = facts["categories"] as? [String: Any] {
            checkCategories(categories, key: key, document: document)
        }
        if let classes = facts["classes"] as? [String: Any] {
            #expect(document.classes.count == classes["count"] as? Int)
            #expect(document.classes.map(\.name) == (classes["names"] as? [String] ?? []))
            for (name, description) in (classes["descriptions"] as? [String: String]) ?? [:] {
                #expect(document.classes.first { $0.name == name }?.description == description)
            }
        }
        if let securities = facts["securities"] as? [String: Any] {
            #expect(document.securities.count == securities["count"] as? Int)
            if let symbols = securities["symbols"] as? [String] {
                #expect(document.securities.compactMap(\.symbol).sorted() == symbols.sorted())
            }
            if let names = securities["names"] as? [String] {
                #expect(document.securities.map(\.name) == names)
            }
            for sample in (securities["sample"] as? [[String: Any]]) ?? [] {
                let symbol = sample["symbol"] as? String
                let security = try #require(document.securities.first { $0.symbol == symbol })
                #expect(security.name == sample["name"] as? String)
                #expect(security.type == sample["type"] as? String)
                #expect(security.goal == sample["goal"] as? String)
            }
        }
    }

    func checkAccount(_ facts: [String: Any], index: Int, key: String, document: QIFDocument) throws {
        let statements = document.result.statements
        var statement: Statement?
        if facts.keys.contains("account_name") {
            if let name = facts["account_name"] as? String {
                statement = statements.first { $0.account.name == name }
                #expect(statement != nil, "\(key): no statement named \(name)")
            } else {
                // The source asserts the file names no account: no !Account record. (We may still name
                // the account from an "Opening Balance" record's L[Account]; see docs/qif.md.)
                #expect(document.accounts.isEmpty, "\(key): \(document.accounts.map(\.name))")
            }
        } else {
            statement = statements.indices.contains(index) ? statements[index] : nil
        }
        if let count = facts["transaction_count"] as? Int {
            let s = try #require(statement, "\(key): no statement \(index)")
            #expect(QIFCorpusTests.recordCount(s) == count, "\(key): records")
        }
        if let byType = facts["transaction_count_by_type"] as? [String: Int] {
            for (type, count) in byType {
                let records = statements.filter { $0.extra.contains(StatementField("qif.type", type)) }
                    .map(QIFCorpusTests.recordCount).reduce(0, +)
                #expect(records == count, "\(key): \(type) records")
            }
        }
        if let present = facts["transaction_types_present"] as? [String], let s = statement {
            for type in present { #expect(s.extra.contains(StatementField("qif.type", type))) }
            #expect(!s.transactions.isEmpty)
        }
        if let type = facts["account_type"] as? String, let s = statement, type.contains("'Port'") {
            // quiffen calls the account UNKNOWN because its list entry says Port; GnuCash reads Port as Invst.
            #expect(s.account.kind == .investment)
        }
        for sample in (facts["transactions_sample"] as? [[String: Any]]) ?? [] {
            let s = try #require(statement ?? statements.first)
            let i = sample["index"] as? Int ?? 0
            let position = i < 0 ? s.transactions.count + i : i
            let t = try #require(s.transactions.indices.contains(position) ? s.transactions[position] : nil, "\(key) #\(i)")
            if let date = sample["date"] as? String { #expect(t.day.description == date, "\(key) #\(i)") }
            if let amount = sample["amount"] as? String { #expect(t.amount == (try Amount(parsing: amount)), "\(key) #\(i)") }
            if sample.keys.contains("payee") { #expect(t.payee == sample["payee"] as? String, "\(key) #\(i)") }
            if sample.keys.contains("id") { #expect(t.id == sample["id"] as? String, "\(key) #\(i)") }
            for split in (sample["splits"] as? [[String: Any]]) ?? [] {
                let j = split["index"] as? Int ?? 0
                let line = try #require(t.splits.indices.contains(j) ? t.splits[j] : nil)
                #expect(line.transferAccount == split["to_account"] as? String)
                #expect(line.category == split["category"] as? String)
            }
        }
    }

    /// Categories as quiffen collects them: the `!Type:Cat` list plus every transaction's `L` category.
    func checkCategories(_ facts: [String: Any], key: String, document: QIFDocument) {
        var paths = document.categories.map(\.name)
        for statement in document.result.statements {
            paths += statement.transactions.compactMap(\.category)
        }
        var tree: [String: Set<String>] = [:]
        for path in paths {
            let parts = path.split(separator: ":").map(String.init)
            guard let top = parts.first else { continue }
            tree[top, default: []].formUnion(parts.count > 1 ? [parts[1]] : [])
        }
        if let top = facts["top_level"] as? [String] { #expect(tree.keys.sorted() == top.sorted(), "\(key)") }
        if let count = facts["count_top_level"] as? Int { #expect(tree.count == count, "\(key)") }
        for (parent, children) in (facts["children"] as? [String: [String]]) ?? [:] {
            #expect(tree[parent] == Set(children), "\(key): children of \(parent)")
        }
        for (name, type) in (facts["types"] as? [String: String]) ?? [:] {
            let category = document.categories.first { $0.name == name }
            #expect(category?.isIncome == (type == "income"), "\(key): \(name)")
        }
    }
}
