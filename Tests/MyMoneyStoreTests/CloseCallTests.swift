import Testing
import MyMoneyStore

/// The matcher's close calls are kept until the user decides them.
@Suite struct CloseCallTests {
    func candidates(_ from: Int64, _ tos: [Int64]) -> CloseCall {
        CloseCall(candidates: tos.map { CloseCall.Candidate(fromTransactionId: from, toTransactionId: $0, confidence: 0.8,
                                                             reasons: ["same amount 500.00 EUR", "same day"]) })
    }

    @Test func aCloseCallStaysListedUntilACandidateIsLinked() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf"), to = try story.id("Umbuchung von"), interest = try story.id("Zinsen")
        try story.ledger.recordCloseCalls([candidates(from, [to, interest])])
        let listed = try story.ledger.closeCalls()
        #expect(listed.count == 1)
        #expect(listed[0].candidates.map(\.toTransactionId) == [to, interest])
        #expect(listed[0].candidates[0].reasons == ["same amount 500.00 EUR", "same day"])
        try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to))
        #expect(try story.ledger.closeCalls().isEmpty)
    }

    @Test func rejectedOrRemovedCandidatesLeaveTheList() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf"), to = try story.id("Umbuchung von"), interest = try story.id("Zinsen")
        try story.ledger.recordCloseCalls([candidates(from, [to, interest])])
        try story.ledger.rejectTransfer(from, to)
        #expect(try story.ledger.closeCalls().first?.candidates.map(\.toTransactionId) == [interest])
        try story.ledger.deleteTransaction(id: interest)
        #expect(try story.ledger.closeCalls().isEmpty)
        #expect(try story.ledger.integrityProblems().isEmpty)
    }

    @Test func theSameCloseCallFoundAgainIsListedOnce() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf"), to = try story.id("Umbuchung von"), interest = try story.id("Zinsen")
        try story.ledger.recordCloseCalls([candidates(from, [to, interest])])
        try story.ledger.recordCloseCalls([candidates(from, [to, interest])])
        #expect(try story.ledger.closeCalls().count == 1)
    }
}
