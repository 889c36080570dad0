import MyMoneyCore
func sizeProbe() -> String {
    "LedgerTransaction \(MemoryLayout<LedgerTransaction>.stride) StatementTransaction \(MemoryLayout<StatementTransaction>.stride) StatementBalance \(MemoryLayout<StatementBalance>.stride) Amount \(MemoryLayout<Amount>.stride) Currency \(MemoryLayout<Currency>.stride) SourcePosition? \(MemoryLayout<SourcePosition?>.stride) Day \(MemoryLayout<Day>.stride)"
}
