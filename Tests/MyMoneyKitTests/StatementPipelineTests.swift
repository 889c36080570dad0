import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyStore

/// The hand-over between the rules (one thread) and the store (another), and the one scheduler
/// the import's stages run side by side with.
@Suite("import: statements from the rules to the store")
struct StatementPipelineTests {
    func statement(_ account: Int64) -> ImportStatement {
        ImportStatement(accountId: account, sourceFile: "s\(account).csv", transactions: [])
    }

    @Test func statementsArriveInOrderAndThenNil() {
        let queue = RuledStatementQueue()
        let (made, taken) = Concurrently.alongside({ () -> Int in
            for account in 1...50 {
                queue.put(statement(Int64(account)))
                if account % 7 == 0 { usleep(1_000) }
            }
            queue.finish()
            return 50
        }) { () -> [Int64] in
            var taken: [Int64] = []
            while let next = queue.next() { taken.append(next.accountId) }
            return taken
        }
        #expect(taken == Array(1...50))
        #expect(made == 50)
        #expect(queue.next() == nil)
    }

    @Test func aCancelledQueueStopsItsMaker() {
        let queue = RuledStatementQueue()
        let (made, first) = Concurrently.alongside({ () -> Int in
            var made = 0
            while !queue.isCancelled && made < 1_000_000 {
                queue.put(statement(Int64(made)))
                made += 1
                usleep(100)
            }
            queue.finish()
            return made
        }) { () -> Int64? in
            let first = queue.next()?.accountId
            queue.cancel()
            return first
        }
        #expect(first == 0)
        #expect(made > 0 && made < 1_000_000)
    }

    @Test func aFailingForegroundWaitsForTheBackgroundAndRethrows() {
        struct Failure: Error {}
        let queue = RuledStatementQueue()
        #expect(throws: Failure.self) {
            _ = try Concurrently.alongside({ () -> Bool in
                while !queue.isCancelled { usleep(100) }
                return true
            }) { () throws -> Int in
                queue.cancel()
                throw Failure()
            }
        }
        #expect(queue.isCancelled)
    }

    @Test func mapKeepsTheItemsOrder() {
        let items = Array(0..<1_000)
        #expect(Concurrently.map(items) { $0 * 2 } == items.map { $0 * 2 })
        #expect(Concurrently.map([Int]()) { $0 } == [])
    }

    @Test func aHandoffIsTakenOnce() {
        let handoff = Handoff([1, 2, 3])
        #expect(handoff.take() == [1, 2, 3])
        #expect(handoff.take() == nil)
    }
}
