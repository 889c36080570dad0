/// Copies of the literal groups that share no storage with other threads.
///
/// Scanning a field reads the group's automaton and tables, and reading an array can retain its
/// buffer; when two threads retain the same buffers, every retain moves a cache line between
/// the cores. Each evaluator therefore scans with its own copy (as it applies its own copy of
/// the actions, ``RuleAction/copiedForThread()``).
extension LiteralGroup {
    /// The same group, its automaton and tables in new storage.
    func copiedForThread() -> LiteralGroup {
        var freshEquals: [UInt64: [EqualsEntry]] = [:]
        for (hash, entries) in equals {
            freshEquals[hash] = entries.map { EqualsEntry(bytes: $0.bytes.map { $0 }, bits: $0.bits.map { $0 }) }
        }
        return LiteralGroup(field: field, caseSensitive: caseSensitive, automaton: automaton?.copiedForThread(),
                            patternStart: patternStart.map { $0 }, patternBits: patternBits.map { $0 },
                            patternKinds: patternKinds.map { $0 }, equals: freshEquals, bits: bits)
    }
}
