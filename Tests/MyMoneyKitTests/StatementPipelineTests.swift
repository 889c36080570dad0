import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyStore

/// The hand-over between the rules (one thread) and the store (another).
@Suite("import: statements from the rules to the store")
struct StatementPipelineTests {
    func statement(_ account: Int64) -> ImportStatement {
        ImportStatement(accountId: account, sourceFile: "s\(account).csv", transactions: [])
    }

    @Test func statementsArriveInOrderAndThenNil() {
        let pipeline = StatementPipeline()
        let maker = BackgroundWork { () -> Int in
            for account in 1...50 {
                pipeline.put(statement(Int64(account)))
                if account % 7 == 0 { usleep(1_000) }
            }
            pipeline.finish()
            return 50
        }
        var taken: [Int64] = []
        while let next = pipeline.next() { taken.append(next.accountId) }
        #expect(taken == Array(1...50))
        #expect(maker.result() == 50)
        #expect(pipeline.next() == nil)
    }

    @Test func aCancelledPipelineStopsItsMaker() {
        let pipeline = StatementPipeline()
        let maker = BackgroundWork { () -> Int in
            var made = 0
            while !pipeline.isCancelled && made < 1_000_000 {
                pipeline.put(statement(Int64(made)))
                made += 1
                usleep(100)
            }
            pipeline.finish()
            return made
        }
        #expect(pipeline.next()?.accountId == 0)
        pipeline.cancel()
        let made = maker.result() ?? 0
        #expect(made > 0 && made < 1_000_000)
    }

    @Test func aHandoffIsTakenOnce() {
        let handoff = Handoff([1, 2, 3])
        #expect(handoff.take() == [1, 2, 3])
        #expect(handoff.take() == nil)
    }
}
