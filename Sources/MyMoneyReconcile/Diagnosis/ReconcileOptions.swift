/// Bounds on the diagnosis of a difference.
public struct ReconcileOptions: Sendable, Hashable {
    /// How many days either side of a checkpoint a transaction may be dated by mistake
    /// (``Suspect/Kind/datedAcrossCheckpoint``).
    public var datingSlackDays: Int
    /// How many transactions nearest the checkpoint the subset search looks at.
    public var subsetCandidates: Int
    /// The largest subset tried (2 or 3).
    public var maximumSubsetSize: Int
    /// The most subsets reported for one difference.
    public var maximumSubsets: Int
    /// The most suspects reported for one checkpoint.
    public var maximumSuspects: Int
    /// Least share of words two texts must have in common to count as similar (duplicates).
    public var duplicateSimilarity: Double

    public init(datingSlackDays: Int = 5, subsetCandidates: Int = 60, maximumSubsetSize: Int = 3,
                maximumSubsets: Int = 3, maximumSuspects: Int = 8, duplicateSimilarity: Double = 0.5) {
        self.datingSlackDays = datingSlackDays
        self.subsetCandidates = subsetCandidates
        self.maximumSubsetSize = maximumSubsetSize
        self.maximumSubsets = maximumSubsets
        self.maximumSuspects = maximumSuspects
        self.duplicateSimilarity = duplicateSimilarity
    }

    public static let standard = ReconcileOptions()
}
