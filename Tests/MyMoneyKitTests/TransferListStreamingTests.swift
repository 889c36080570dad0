import Testing
@testable import MyMoneyCLI
import MyMoneyKit
import MyMoneyTestSupport

/// `transfers --format json` and the `transfers` table stream: the streamed document against
/// the tree the command printed before, byte for byte, and the streamed table against
/// `TransferRendering.table`, on the samples' ledger (transfers across accounts and currencies).
@Suite("transfer list, streamed")
struct TransferListStreamingTests {
    static let ledger: String = {
        let path = MyMoneyBinary.scratch("transfer-list").appendingPathComponent("ledger.sqlite").path
        _ = try? MyMoneyBinary.run(["import", "Samples", "--ledger", path])
        return path
    }()

    @Test(arguments: [nil, Transfer.Status.confirmed, .proposed])
    func theStreamedListIsTheTree(status: Transfer.Status?) throws {
        let books = try Books.open(at: Self.ledger)
        let transfers = try books.transfers(status: status)
        let review = try books.transferReview()
        let tree = JSONValue.object([
            ("transfers", .array(transfers.map(TransferRendering.transfer))),
            ("ambiguous", .array(review.undecided.ambiguous.map(TransferRendering.ambiguity))),
            ("unpaired_hints", .array(review.undecided.unpairedHints.map(TransferRendering.hint))),
        ]).serialized()
        let sink = CollectedBytes()
        var json = JSONWriter(into: sink)
        try TransfersCommand.writeList(books, status: status, into: &json)
        json.finish()
        #expect(sink.text == tree)

        var lines: [String] = []
        var table = TransferRendering.streamingTable { lines.append($0) }
        try books.eachTransfer(status: status) { table.add(TransferRendering.cells($0)) }
        table.finish()
        #expect(lines.joined(separator: "\n") == TransferRendering.table(transfers))
        #expect(table.count == transfers.count)
        if status == nil { #expect(transfers.count >= 2, "the samples hold transfers") }
    }
}
