/// How far the diagnosis of one disagreeing checkpoint looked, so that a user knows what "no
/// stored transaction explains it" covered.
public struct DiagnosisScope: Sendable, Hashable {
    /// Transactions in the window since the last agreeing balance.
    public var transactions: Int
    /// Of those, rows typed or edited by hand or entered after rows dated later: every pair with
    /// one of them and every triple with two of them was tried.
    public var suspectEntries: Int
    /// Triples were tried only among the most recent ``SubsetSumSearch/tripleEntryLimit`` suspect
    /// entries (the bound that keeps the search quadratic at worst).
    public var triplesCut: Bool
    /// Pairs and triples of any rows were tried among this many nearest the checkpoint.
    public var nearest: Int

    /// `searched 312 transactions since 2026-03-01: every pair and triple with rows typed, edited
    /// or entered late (4 of them), any two or three of the 60 nearest the checkpoint`.
    public var summary: String {
        "searched \(transactions) transaction\(transactions == 1 ? "" : "s"): every pair and triple with rows typed, edited or entered late "
            + "(\(suspectEntries) of them\(triplesCut ? "; triples among the \(SubsetSumSearch.tripleEntryLimit) most recent" : "")), "
            + "any two or three of the \(nearest) nearest the checkpoint"
    }
}
