import MyMoneyCore

/// `mymoney-bench sizes`: the in-memory size (stride, bytes) of the values a large import holds
/// a million of, so a change to Core's types shows its memory cost.
func sizeProbe() -> String {
    let sizes: [(String, Int)] = [
        ("LedgerTransaction", MemoryLayout<LedgerTransaction>.stride),
        ("StatementTransaction", MemoryLayout<StatementTransaction>.stride),
        ("StatementBalance", MemoryLayout<StatementBalance>.stride),
        ("Amount", MemoryLayout<Amount>.stride),
        ("Currency", MemoryLayout<Currency>.stride),
        ("SourcePosition?", MemoryLayout<SourcePosition?>.stride),
        ("Day", MemoryLayout<Day>.stride),
    ]
    return sizes.map { "\($0.0)\t\($0.1)" }.joined(separator: "\n")
}
