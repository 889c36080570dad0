import Foundation

/// Reads a JSON export (``LedgerJSON``) back into the books' values, checking every field.
///
/// - Throws: ``LedgerJSONReader/Problem`` naming the entry and field that is missing or not of
///   its kind (`transactions[3].amount: expected an exact decimal string, found 12.5`).
public enum LedgerJSONReader {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Whether `bytes` look like a JSON export (a JSON object naming `"mymoney_export"` near its start).
    public static func recognizes(_ bytes: some Collection<UInt8>) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return head.drop(while: { $0.isWhitespace }).first == "{" && head.contains("\"mymoney_export\"")
    }

    public static func read(_ data: Data) throws(Problem) -> BooksSnapshot {
        let any: Any
        do { any = try JSONSerialization.jsonObject(with: data) } catch {
            throw Problem(message: "not valid JSON: \(error.localizedDescription)")
        }
        let root = Object(any, path: "")
        guard (try? root.string("mymoney_export")) == LedgerJSON.marker else {
            throw Problem(message: "not a My Money export (no \"mymoney_export\": \"ledger\")")
        }
        let version = try root.int("version")
        guard version == Int64(LedgerJSON.version) else {
            throw Problem(message: "export version \(version) is not known to this My Money (it reads version \(LedgerJSON.version))")
        }
        var books = BooksSnapshot()
        books.accounts = try root.list("accounts").map { o throws(Problem) in
            Account(id: try o.int("id"), name: try o.string("name"),
                    kind: try o.value("kind", "an account kind") { AccountKind(rawValue: $0) },
                    currency: try o.currency("currency"), numbers: try o.strings("numbers"), bankId: try o.optionalString("bank_id"),
                    openingBalance: try o.amount("opening_balance"), reconciledThrough: try o.optionalDay("reconciled_through"))
        }
        books.categories = try root.list("categories").map { o throws(Problem) in
            LedgerCategory(id: try o.int("id"), path: try o.value("path", "a category path") { CategoryPath(parsing: $0) },
                           parentId: try o.optionalInt("parent_id"), icon: try o.optionalString("icon"))
        }
        books.tags = try root.list("tags").map { o throws(Problem) in
            LedgerTag(id: try o.int("id"), title: try o.string("title"), color: try o.optionalString("color"))
        }
        books.projects = try root.list("projects").map { o throws(Problem) in
            Project(id: try o.int("id"), title: try o.string("title"), startDay: try o.optionalDay("start"),
                    endDay: try o.optionalDay("end"), isArchived: try o.bool("archived"))
        }
        books.places = try root.list("places").map { o throws(Problem) in
            Place(id: try o.int("id"), name: try o.string("name"), address: try o.optionalString("address"),
                  city: try o.optionalString("city"), country: try o.optionalString("country"),
                  latitude: try o.optionalString("latitude"), longitude: try o.optionalString("longitude"))
        }
        books.budgets = try root.list("budgets").map { o throws(Problem) in
            let target: Budget.Target
            if let tag = try o.optionalString("tag") { target = .tag(tag) }
            else if let project = try o.optionalString("project") { target = .project(project) }
            else { target = .category(try o.value("category", "a category path") { CategoryPath(parsing: $0) }) }
            return Budget(id: try o.int("id"), name: try o.optionalString("name"), target: target, amount: try o.amount("amount"),
                          currency: try o.currency("currency"),
                          period: try o.value("period", "a budget period") { Budget.Period(rawValue: $0) }, startDay: try o.day("start"),
                          customDays: try o.optionalInt("custom_days").map { Int($0) }, rollover: try o.bool("rollover"))
        }
        books.batches = try root.list("imports").map { o throws(Problem) in
            ImportBatch(id: try o.int("id"), createdAt: try o.string("created_at"), files: try o.strings("files"),
                        added: Int(try o.int("added")), skipped: Int(try o.int("skipped")), balances: Int(try o.int("balances")),
                        undoneAt: try o.optionalString("undone_at"))
        }
        for o in try root.list("transactions") {
            let id = try o.int("id")
            let source = try o.object("source")
            books.transactions.append(LedgerTransaction(
                id: id, accountId: try o.int("account_id"), day: try o.day("date"), amount: try o.amount("amount"),
                currency: try o.currency("currency"), originalPayee: try o.optionalString("original_payee"),
                payee: try o.optionalString("payee"), memo: try o.optionalString("memo"), notes: try o.optionalString("notes"),
                type: try o.value("type", "income, expense or transfer") { TransactionType(rawValue: $0) },
                category: try o.optionalString("category").flatMap { CategoryPath(parsing: $0) }, tags: try o.strings("tags"),
                project: try o.optionalString("project"), place: try o.optionalString("place"), bankId: try o.optionalString("bank_id"),
                bankType: try o.optionalString("bank_type"), checkNumber: try o.optionalString("check_number"),
                transferHint: try o.optionalString("transfer_hint"),
                splits: try o.list("splits").map { s throws(Problem) in
                    StatementSplit(amount: try s.amount("amount"), category: try s.optionalString("category"),
                                   transferAccount: try s.optionalString("transfer_account"), memo: try s.optionalString("memo"),
                                   tags: try s.strings("tags"))
                },
                extra: try o.list("extra").map { f throws(Problem) in StatementField(try f.string("key"), try f.string("value")) },
                sourceFormat: try source.optionalString("format"), sourceFile: try source.optionalString("file"),
                sourceLine: try source.optionalInt("line").map { Int($0) }))
            if let batch = try o.optionalInt("import_batch") { books.batchOfTransaction[id] = batch }
        }
        books.transfers = try root.list("transfers").map { o throws(Problem) in
            BooksSnapshot.TransferRecord(
                id: try o.int("id"), fromTransactionId: try o.int("from_transaction_id"), toTransactionId: try o.int("to_transaction_id"),
                rate: try o.optionalAmount("rate"), fee: try o.optionalAmount("fee"), confidence: try o.double("confidence"),
                status: try o.value("status", "confirmed or proposed") { BooksSnapshot.TransferRecord.Status(rawValue: $0) },
                reasons: try o.strings("reasons"))
        }
        books.balances = try root.list("balances").map { o throws(Problem) in
            StoredBalance(id: try o.int("id"), accountId: try o.int("account_id"), day: try o.day("date"), amount: try o.amount("amount"),
                          kind: try o.value("kind", "a balance kind") { StatementBalance.Kind(rawValue: $0) },
                          sourceFile: try o.optionalString("source_file"), batchId: try o.optionalInt("import_batch"))
        }
        books.prices = try root.list("rates").map { o throws(Problem) in
            BooksSnapshot.Price(day: try o.day("date"), base: try o.currency("base"), quote: try o.currency("quote"),
                                rate: try o.amount("rate"), source: try o.string("source"), file: try o.optionalString("file"))
        }
        books.from = try root.optionalDay("from")
        books.through = try root.optionalDay("through")
        return books
    }

    /// One JSON object and where it is in the document, for messages.
    struct Object {
        let fields: [String: Any]
        let path: String

        init(_ any: Any, path: String) {
            fields = any as? [String: Any] ?? [:]
            self.path = path
        }

        func problem(_ key: String, _ expected: String) -> Problem {
            let found = fields[key].map { "\($0)" } ?? "nothing"
            return Problem(message: "\(path.isEmpty ? "" : path + ".")\(key): expected \(expected), found \(found.prefix(80))")
        }

        func optionalString(_ key: String) throws(Problem) -> String? {
            guard let v = fields[key], !(v is NSNull) else { return nil }
            guard let s = v as? String else { throw problem(key, "a string or null") }
            return s
        }
        func string(_ key: String) throws(Problem) -> String {
            guard let s = try optionalString(key) else { throw problem(key, "a string") }
            return s
        }
        func value<T>(_ key: String, _ expected: String, _ make: (String) -> T?) throws(Problem) -> T {
            guard let v = make(try string(key)) else { throw problem(key, expected) }
            return v
        }
        func optionalInt(_ key: String) throws(Problem) -> Int64? {
            guard let v = fields[key], !(v is NSNull) else { return nil }
            // JSONSerialization gives true and false as a boolean class of their own.
            guard let n = v as? NSNumber, !String(describing: type(of: v)).contains("Boolean"), let i = n as? Int64 else {
                throw problem(key, "a whole number or null")
            }
            return i
        }
        func int(_ key: String) throws(Problem) -> Int64 {
            guard let i = try optionalInt(key) else { throw problem(key, "a whole number") }
            return i
        }
        func double(_ key: String) throws(Problem) -> Double {
            guard let n = fields[key] as? NSNumber else { throw problem(key, "a number") }
            return n.doubleValue
        }
        func bool(_ key: String) throws(Problem) -> Bool {
            guard let b = fields[key] as? Bool else { throw problem(key, "true or false") }
            return b
        }
        func optionalAmount(_ key: String) throws(Problem) -> Amount? {
            guard let v = fields[key], !(v is NSNull) else { return nil }
            guard let s = v as? String else { throw problem(key, "an exact decimal string") }
            guard let a = try? Amount(parsing: s) else { throw problem(key, "an exact decimal string") }
            return a
        }
        func amount(_ key: String) throws(Problem) -> Amount {
            guard let a = try optionalAmount(key) else { throw problem(key, "an exact decimal string") }
            return a
        }
        func optionalDay(_ key: String) throws(Problem) -> Day? {
            guard let s = try optionalString(key) else { return nil }
            guard let d = Day(iso: s) else { throw problem(key, "a day YYYY-MM-DD") }
            return d
        }
        func day(_ key: String) throws(Problem) -> Day {
            guard let d = try optionalDay(key) else { throw problem(key, "a day YYYY-MM-DD") }
            return d
        }
        func currency(_ key: String) throws(Problem) -> Currency { try value(key, "an ISO 4217 code") { Currency(code: $0) } }
        func strings(_ key: String) throws(Problem) -> [String] {
            guard let v = fields[key] as? [Any] else { throw problem(key, "a list of strings") }
            var out: [String] = []
            for item in v {
                guard let s = item as? String else { throw problem(key, "a list of strings") }
                out.append(s)
            }
            return out
        }
        func object(_ key: String) throws(Problem) -> Object {
            guard let v = fields[key] as? [String: Any] else { throw problem(key, "an object") }
            return Object(v, path: path.isEmpty ? key : "\(path).\(key)")
        }
        func list(_ key: String) throws(Problem) -> [Object] {
            guard let v = fields[key] as? [Any] else { throw problem(key, "a list") }
            let base = path.isEmpty ? key : "\(path).\(key)"
            return v.enumerated().map { Object($0.element, path: "\(base)[\($0.offset)]") }
        }
    }
}
