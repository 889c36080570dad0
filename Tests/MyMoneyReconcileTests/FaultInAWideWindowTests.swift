import Testing
@testable import MyMoneyReconcile
import MyMoneyTestSupport

/// A month of imported rows (ids in import order) and its closing balance from the bank.
struct WideWindow {
    static let account = Account(id: 1, name: "Giro", kind: .bank, currency: .EUR, openingBalance: Amount(units: 100_000, scale: 2))
    var transactions: [LedgerTransaction] = []
    var nextId: Int64 = 1

    /// `rows` imported rows over 30 days with amounts that give many digit-swap look-alikes.
    init(rows: Int, seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for n in 0..<rows {
            let cents = -Int64(100 + random.next(in: 0...9_000))
            add(day: n * 30 / rows, cents: cents, payee: random.pick(["REWE", "Lidl", "BVG", "dm"]), format: "csv", file: "giro-03.csv")
        }
    }

    @discardableResult
    mutating func add(day: Int, cents: Int64, payee: String, format: String?, file: String? = nil) -> Int {
        transactions.append(LedgerTransaction(id: nextId, accountId: 1, day: Day(daysSinceEpoch: 20_000 + Int32(day)),
                                              amount: Amount(units: cents, scale: 2), currency: .EUR, originalPayee: payee,
                                              sourceFormat: format, sourceFile: file))
        nextId += 1
        return transactions.count - 1
    }

    /// The bank's balances: the day before the month agrees (an earlier checkpoint) when `agreeing`, and the month's end.
    func checkpoints(bank: [LedgerTransaction], agreeing: Bool) throws -> [Checkpoint] {
        let balances = try LedgerBalances(account: WideWindow.account, transactions: bank)
        let end = Day(daysSinceEpoch: 20_029)
        var result = [Checkpoint(day: end, balance: try balances.balance(through: end), source: .closing, currency: .EUR, file: "giro-03.csv")]
        if agreeing {
            let before = Day(daysSinceEpoch: 19_999)
            result.append(Checkpoint(day: before, balance: try balances.balance(through: before), source: .closing, currency: .EUR))
        }
        return result
    }

    func firstMismatch(_ ledger: [LedgerTransaction], bank: [LedgerTransaction], agreeing: Bool = true, edited: Set<Int64> = []) throws -> CheckpointResult {
        let input = ReconciliationInput(account: WideWindow.account, transactions: ledger,
                                        checkpoints: try checkpoints(bank: bank, agreeing: agreeing), editedTransactionIds: edited)
        return try #require(Reconciler().reconcile(input).checkpoints.first { $0.status == .mismatch })
    }
}

@Suite("Faults far from the checkpoint in a wide window")
struct FaultInAWideWindowTests {
    @Test(arguments: [true, false])
    func digitSwapInARowTypedByHandRanksFirst(agreeing: Bool) throws {
        var window = WideWindow(rows: 400, seed: 3)
        let typed = window.add(day: 4, cents: -1_234, payee: "Kiosk", format: "manual")
        let bank = window.transactions
        var ledger = bank
        ledger[typed].amount = Amount(units: -1_243, scale: 2) // 12.34 entered as 12.43
        let m = try window.firstMismatch(ledger, bank: bank, agreeing: agreeing)
        let top = try #require(m.suspects.first)
        #expect(top.kind == .transposedDigits)
        #expect(top.transactions.first?.id == ledger[typed].id)
        #expect(top.reason.contains("typed or edited by hand"))
    }

    @Test func digitSwapInARowEditedByHandRanksFirst() throws {
        let window = WideWindow(rows: 400, seed: 4)
        let bank = window.transactions
        var ledger = bank
        let edited = 37
        let units = ledger[edited].amount.units
        let digits = Array(String(units.magnitude))
        let k = try #require((0..<(digits.count - 1)).first { digits[$0] != digits[$0 + 1] && !($0 == 0 && digits[1] == "0") })
        var swapped = digits
        swapped.swapAt(k, k + 1)
        ledger[edited].amount = Amount(units: -(Int64(String(swapped)) ?? 0), scale: 2)
        let m = try window.firstMismatch(ledger, bank: bank, edited: [ledger[edited].id ?? 0])
        let top3 = m.suspects.prefix(3)
        #expect(top3.contains { $0.kind == .transposedDigits && $0.transactions.first?.id == ledger[edited].id })
    }

    @Test func twoExtraRowsFarFromTheCheckpointAreFoundOverTheWholeWindow() throws {
        let window = WideWindow(rows: 400, seed: 5)
        let bank = window.transactions
        var ledger = window
        let a = ledger.add(day: 1, cents: -2_370, payee: "Bargeld", format: "manual")
        let b = ledger.add(day: 2, cents: -4_415, payee: "Bargeld", format: "manual")
        let m = try window.firstMismatch(ledger.transactions, bank: bank)
        let subset = try #require(m.suspects.prefix(3).first { $0.kind == .subsetSum })
        #expect(Set(subset.transactions.compactMap(\.id)) == [ledger.transactions[a].id ?? 0, ledger.transactions[b].id ?? 0])
        let scope = try #require(m.scope)
        #expect(scope.transactions == 402 && scope.suspectEntries == 2 && !scope.triplesCut)
    }

    @Test func rowsEnteredAfterLaterRowsCountAsEnteredLate() throws {
        var window = WideWindow(rows: 50, seed: 6)
        window.add(day: 3, cents: -999, payee: "Nachtrag", format: "csv", file: "giro-03b.csv") // a later import, dated early
        let balances = try LedgerBalances(account: WideWindow.account, transactions: window.transactions)
        let provenance = EntryProvenance(balances, edited: [])
        let late = (0..<balances.count).filter { provenance[$0] == .late }.map { balances.transaction(at: $0).payee }
        #expect(late == ["Nachtrag"])
    }

    @Test func aStatementListedNewestFirstIsNotEnteredLate() throws {
        var rows: [LedgerTransaction] = []
        for n in 0..<20 { // ids ascending while days descend, one file
            rows.append(LedgerTransaction(id: Int64(n + 1), accountId: 1, day: Day(daysSinceEpoch: 20_030 - Int32(n)),
                                          amount: Amount(units: -100, scale: 2), currency: .EUR, sourceFormat: "ofx", sourceFile: "giro.ofx"))
        }
        let balances = try LedgerBalances(account: WideWindow.account, transactions: rows)
        let provenance = EntryProvenance(balances, edited: [])
        #expect((0..<balances.count).allSatisfy { provenance[$0] == .imported })
    }
}

@Suite("Subset search: the hashed search and its plain twin")
struct SubsetSumTwinTests {
    @Test(arguments: 0..<40)
    func hashedSearchFindsWhatTryingEverySetFinds(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 900)
        let n = random.next(in: 5...40)
        let units = (0..<n).map { _ in Int64(random.next(in: -30...30)) }
        let lo = random.next(in: 0...(n / 3)), hi = random.next(in: (n / 2)...n)
        let suspects = (lo..<hi).filter { _ in random.chance(0.3) }.shuffled(using: &random)
        let target = Int64(random.next(in: -40...40))
        let fast = SubsetSumSearch.fast(units: units, window: lo..<hi, suspects: suspects, target: target, triples: true)
        let plain = SubsetSumSearch.plain(units: units, window: lo..<hi, suspects: suspects, target: target, triples: true)
        #expect(fast.pairs.sorted { $0.lexicographicallyPrecedes($1) } == plain.pairs.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(fast.triples.sorted { $0.lexicographicallyPrecedes($1) } == plain.triples.sorted { $0.lexicographicallyPrecedes($1) })
    }
}
