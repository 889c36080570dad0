/// One thread's private copy of the arrays the evaluator reads for every transaction: condition
/// nodes and leaves, prefilter bits, the trigger index and each rule's root.
///
/// Read through the shared ``CompiledRuleSet``, each access to these arrays retained and released
/// their buffers, and two threads doing so on the same buffers fought over the cache lines of the
/// reference counts (1 thread: 4.5 s of CPU for the realistic 1M; 2 threads: 5.7 s). A copy per
/// thread, read through plain pointers, costs neither. The memory is freed with the tables.
final class EvaluatorTables {
    // Not Sendable: one evaluator (one thread) owns it; the pointers below live as long as it does.
    let nodes: UnsafeBufferPointer<ConditionProgram.Node>
    let children: UnsafeBufferPointer<Int32>
    let leaves: UnsafeBufferPointer<ConditionProgram.Leaf>
    let prefilterBits: UnsafeBufferPointer<Int32>
    let triggerStart: UnsafeBufferPointer<Int32>
    let triggerRules: UnsafeBufferPointer<Int32>
    let roots: UnsafeBufferPointer<Int32>
    /// This thread's copies of the literal groups (``LiteralGroup/copiedForThread()``): read in
    /// place through the pointer, a group is never copied out (which retained its arrays).
    let groups: UnsafeMutableBufferPointer<LiteralGroup>

    init(_ set: CompiledRuleSet) {
        groups = .allocate(capacity: max(1, set.groups.count))
        for (k, group) in set.groups.enumerated() { (groups.baseAddress! + k).initialize(to: group.copiedForThread()) }
        nodes = Self.copy(set.program.nodes)
        children = Self.copy(set.program.children)
        leaves = Self.copy(set.program.leaves)
        prefilterBits = Self.copy(set.program.prefilterBits)
        triggerStart = Self.copy(set.triggerStart)
        triggerRules = Self.copy(set.triggerRules)
        roots = Self.copy(set.program.roots)
        tableGroupCount = set.groups.count
    }

    private let tableGroupCount: Int

    deinit {
        for pointer in [children, prefilterBits, triggerStart, triggerRules, roots] { pointer.deallocate() }
        groups.baseAddress!.deinitialize(count: tableGroupCount)
        groups.deallocate()
        nodes.deallocate()
        leaves.deallocate()
    }

    /// A fresh allocation holding `array`'s elements (at least one slot, so the pointer is never nil).
    private static func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }
}
