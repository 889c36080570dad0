import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyImport
import MyMoneyRules
import MyMoneyTestSupport

/// Statements converted by moving their rows on every core, the first statement's identities made
/// in the same pass (``MovingConversion``), must give what the plain conversion gives
/// (``ImportRequest/convertByMoving`` false): the same converted rows, balances, problems, chains
/// and held statements, identities equal to those the store would make, and the same imports.
@Suite("import: statements converted by moving their rows")
struct MovingConversionTests {
    static let payees = ["Corner Bakery", "  Corner   Bakery ", "REWE Markt 12", "Café Zürich", "ATM Withdrawal",
                         "Transfer to savings", "Shell\tStation", "Kino Lux", "", "Salary ACME GmbH",
                         // Non-ASCII white space, and a combining mark on a space (one Character).
                         "\u{00A0}Kino\u{2003}Lux ", " \u{301}Zebra  Bar", "MÜLLER  GmbH"]

    /// A statement of `count` generated rows: padded and non-ASCII payees, rows without payee or
    /// memo, identical rows on one day, amounts with fewer digits than the currency's, empty and
    /// missing bank ids, categories, tags, splits, extra fields, and a running balance after most rows.
    static func statement(_ count: Int, seed: UInt64, file: String = "/statements/a.csv") throws -> Statement {
        var random = SeededGenerator(seed: seed)
        var rows: [StatementTransaction] = []
        var balances: [StatementBalance] = []
        var balance: Int64 = 100_000
        for i in 0..<count {
            let day = Day(daysSinceEpoch: Int32(20_000 + i / 7))
            let repeated = i > 0 && random.next() % 9 == 0
            var row = repeated ? rows[i - 1] : StatementTransaction(
                day: day, amount: Amount(units: -Int64(random.next() % 20_000) + 5_000, scale: random.next() % 4 == 0 ? 1 : 2),
                payee: random.next() % 11 == 0 ? nil : payees[Int(random.next() % UInt64(payees.count))],
                memo: random.next() % 3 == 0 ? nil : "Card payment  \(random.next() % 1_000)",
                id: random.next() % 13 == 0 ? "" : "T\(i)", bankType: random.next() % 5 == 0 ? "DEBIT" : nil,
                checkNumber: random.next() % 17 == 0 ? "\(i)" : nil, category: random.next() % 6 == 0 ? "Food: Bakery" : nil,
                transferAccount: random.next() % 19 == 0 ? "Savings" : nil, tags: random.next() % 7 == 0 ? ["a", "b"] : [],
                extra: random.next() % 8 == 0 ? [StatementField("Reference", "R\(i)")] : [],
                position: SourcePosition(offset: i * 40, line: i + 2, column: 1))
            row.day = day
            if random.next() % 23 == 0 {
                row.splits = [StatementSplit(amount: row.amount, category: "Food")]
            }
            rows.append(row)
            balance += try row.amount.rescaled(to: 2).units
            if random.next() % 5 != 0 {
                balances.append(StatementBalance(kind: .running, amount: Amount(units: balance, scale: 2), day: day, transactionIndex: i))
            }
        }
        if count > 0 { balances.append(StatementBalance(kind: .closing, amount: Amount(units: balance + 1, scale: 2), day: rows.last?.day)) }
        return Statement(source: StatementSource(file: file, format: "csv"), account: StatementAccount(currency: .EUR),
                         balances: balances, transactions: rows)
    }

    static func imported(_ statement: Statement, id: Int64) -> ImportedStatement {
        ImportedStatement(statement: statement, transactionCount: statement.transactions.count,
                          account: Account(id: id, name: "acct\(id)", kind: .bank, currency: .EUR), reason: "test", created: true)
    }

    /// Everything a conversion gives, as values to compare.
    struct Seen: Equatable {
        var transactions: [[LedgerTransaction]]
        var balances: [[StatementBalance]]
        var problems: [[Diagnostic]]
        var chains: [RunningBalanceChain?]
        var held: [[StatementTransaction]?]
        var heldDays: [ClosedRange<Day>?]
        var statementsAfter: [Statement]

        init(_ converted: [StatementConversion.Converted], after: [ImportedStatement]) {
            transactions = converted.map(\.transactions)
            balances = converted.map(\.balances)
            problems = converted.map(\.balanceProblems)
            chains = converted.map(\.chain)
            held = converted.map { $0.held?.rows }
            heldDays = converted.map { $0.held?.days }
            statementsAfter = after.map(\.statement)
        }
    }

    @Test(arguments: [0, 1, 2, 9_000, 20_001])
    func movedRowsAreThePlainConversionsWithTheirIdentities(count: Int) throws {
        let make = { [Self.imported(try Self.statement(count, seed: 7), id: 1), Self.imported(try Self.statement(count / 3, seed: 8, file: "/b.csv"), id: 2)] }
        var moving = try make(), plain = try make()
        let fast = try StatementConversion.convert(&moving, moving: true, identities: true)
        let slow = try StatementConversion.convert(&plain, moving: false)
        #expect(Seen(fast, after: moving) == Seen(slow, after: plain))
        // Only the first statement's identities: the rules make the others' while the store writes.
        let first = count > 0 ? 0 : 1
        for (slot, c) in fast.enumerated() {
            if slot == first && !c.transactions.isEmpty {
                #expect(c.identities == c.transactions.map(IdentityCandidate.init))
            } else {
                #expect(c.identities == nil)
            }
        }
        #expect(try StatementConversion.convert(&plain, moving: true, identities: false).allSatisfy { $0.identities == nil })
    }

    /// Rows are keyed as read, cleaned only when beyond ASCII: the same keys as of the cleaned text.
    @Test func textKeysOfRowsAsReadAreThoseOfTheirCleanedText() {
        var random = SeededGenerator(seed: 42)
        let pieces = [" ", "  ", "\t", "\r\n", "\n", "a", "Bc", "é", "\u{00A0}", "\u{2003}", " \u{301}", "x y", "ÄÖ", "\u{85}"]
        func text() -> String? {
            random.next() % 6 == 0 ? nil : (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        for _ in 0..<5_000 {
            let payee = text(), memo = text()
            #expect(TransactionIdentity.textKey(payee: payee, memo: memo, beyondASCII: StatementConversion.clean)
                    == TransactionIdentity.textKey(payee: payee.map(StatementConversion.clean), memo: memo.map(StatementConversion.clean)),
                    "\(String(reflecting: payee)) \(String(reflecting: memo))")
        }
    }

    /// A statement the ledger holds whole hands its rows over as read, beside others converted.
    @Test func heldStatementsKeepTheirRowsBesideConvertedOnes() throws {
        let make = { try (0..<3).map { Self.imported(try Self.statement(50 + $0, seed: UInt64(10 + $0), file: "/s\($0).csv"), id: Int64($0 + 1)) } }
        let findHeld: StatementConversion.HeldLookup = { statements in
            let rows = statements[1].statement.transactions
            return [1: (Array(repeating: IdentityMatch(existingId: 1, reason: .sameBankId), count: rows.count),
                        rows[0].day...rows[rows.count - 1].day, HeldRuleEffects())]
        }
        var moving = try make(), plain = try make()
        let fast = try StatementConversion.convert(&moving, findHeld: findHeld, moving: true, identities: true)
        let slow = try StatementConversion.convert(&plain, findHeld: findHeld, moving: false)
        #expect(Seen(fast, after: moving) == Seen(slow, after: plain))
        #expect(fast[1].held?.rows.count == 51)
        #expect(fast[0].identities != nil && fast[1].identities == nil && fast[2].identities == nil)
    }

    /// The running balances (one a row) went with `removeAll(where:)`, which kept their storage
    /// for the rest of the import.
    @Test(arguments: [true, false])
    func aConvertedStatementLetsGoOfItsRunningBalancesStorage(moving: Bool) throws {
        var statements = [Self.imported(try Self.statement(5_000, seed: 5), id: 1)]
        #expect(statements[0].statement.balances.count > 3_000)
        _ = try StatementConversion.convert(&statements, moving: moving, identities: true)
        #expect(statements[0].statement.transactions.isEmpty)
        #expect(statements[0].statement.balances.map(\.kind) == [.closing])
        #expect(statements[0].statement.balances.capacity < 16)
    }

    @Test func aRowInAnotherCurrencyStillFailsTheImport() throws {
        var statements = [Self.imported(try Self.statement(30, seed: 3), id: 1)]
        statements[0].statement.transactions[17].currency = .USD
        #expect(throws: ImportFailure.self) { try StatementConversion.convert(&statements, moving: true, identities: true) }
    }

    // MARK: whole imports

    /// Categories, a regex condition and a transfer into the wallet (counter-legs).
    static let rules = StoreInPartsTests.rules

    /// A CSV file of `count` rows of account `name` from `first`: padded, non-ASCII and repeated
    /// payees, transfers to account `b` (the same amount leaves `a` and arrives in `b` on one day),
    /// a running balance; `ids` false leaves the id column out (rows matched by fingerprint).
    static func csv(_ name: String, count: Int, first: Int = 0, ids: Bool = true, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var lines = [ids ? "Date,Description,Memo,Amount,Transaction ID,Balance" : "Date,Description,Memo,Amount,Balance"]
        var balance = 1_000_00
        for i in first..<first + count {
            let day = String(format: "2026-%02d-%02d", 1 + (i / 28) % 12, 1 + i % 28)
            let transfer = i % 10 == 3
            let payee = transfer ? (name == "a" ? "Transfer to b" : "Transfer from a") : payees[Int(random.next() % UInt64(payees.count))]
            let cents = transfer ? (name == "a" ? -(2_500 + i) : 2_500 + i) : -Int(random.next() % 9_000) - 1
            balance += cents
            let amount = String(format: "%@%d.%02d", cents < 0 ? "-" : "", abs(cents) / 100, abs(cents) % 100)
            let memo = random.next() % 3 == 0 ? "" : "ref \(i % 50)"
            let id = ids ? ",\(name)\(i)" : ""
            lines.append("\(day),\"\(payee)\",\(memo),\(amount)\(id),\(balance / 100).\(String(format: "%02d", balance % 100))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Imports `first` (files by name, written into `dir`: the same paths for both twins, as they
    /// are in the reports and the rows) into a new ledger, then `then` the moving or the plain way;
    /// what the second import did and the ledger holds.
    func imports(first: [(String, String)], then: [(String, String)], rules: String?, part: Int, moving: Bool,
                 in dir: URL) throws -> HeldStatementTests.Seen {
        let ledger = MyMoneyBinary.scratch("moving-conversion-ledger").appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        let compiled = try rules.map { try #require(RuleCompiler.compile(sources: [("test.rules", $0)]).ruleSet) }
        do {
            let books = try Books.open(at: ledger)
            _ = try books.ledger.addAccount(Account(name: "Wallet", kind: .cash, currency: .EUR))
        }
        func run(_ files: [(String, String)]) throws -> ImportOutcome {
            var paths: [String] = []
            for (name, text) in files {
                let file = dir.appendingPathComponent("\(name).csv")
                try Data(text.utf8).write(to: file)
                paths.append(file.path)
            }
            var request = ImportRequest(paths: paths, readOptions: ReadOptions(currency: .EUR))
            request.convertByMoving = moving
            request.rulePart = part
            return try Books.importStatements(request, at: ledger, readers: readers, rules: compiled)
        }
        if !first.isEmpty { _ = try run(first) }
        return try HeldStatementTests.seen(try run(then), ledger: ledger)
    }

    @Test(arguments: [
        ("no rules", nil as String?, 7),
        ("rules that keep every row and its identity, in parts", rules, 7),
        ("the same rules, statements whole", rules, 10_000),
        ("a payee rule (identities made by the store)", rules + "rule \"Payee\"\n  when payee contains \"Kino\"\n  set payee Cinema\n\n", 7),
        ("an ignore rule", rules + "rule \"Drop\"\n  when payee contains \"Shell\"\n  ignore\n\n", 7),
    ])
    func importsGiveWhatThePlainConversionGives(_ what: String, rules: String?, part: Int) throws {
        let a = Self.csv("a", count: 60, seed: 1), b = Self.csv("b", count: 45, seed: 2)
        // A new ledger: several accounts, transfers between them, rows without ids.
        let fresh = [("a", a), ("b", b), ("c", Self.csv("c", count: 30, ids: false, seed: 3))]
        // Into that ledger: `a` again (held whole where the rules allow), `b` with new rows
        // among the old, `c` again without ids (duplicates by fingerprint), a new account.
        let again = [("a", a), ("b", Self.csv("b", count: 55, seed: 2)), ("c", Self.csv("c", count: 30, ids: false, seed: 3)),
                     ("d", Self.csv("d", count: 40, seed: 4))]
        for (first, then) in [([], fresh), (fresh, again)] {
            let dir = MyMoneyBinary.scratch("moving-conversion")
            let moved = try imports(first: first, then: then, rules: rules, part: part, moving: true, in: dir)
            let plain = try imports(first: first, then: then, rules: rules, part: part, moving: false, in: dir)
            #expect(moved == plain, "\(what)")
            #expect(moved.rows.count > 120, "\(what)")
        }
    }
}
