/// A DFA built lazily from a ``RegexProgram`` while it reads ASCII text: the yes/no answer of a
/// regex in one table lookup per byte.
///
/// A state is the set of NFA instructions alive at a position (plus whether the previous byte
/// was a word character, for `\b`); transitions are computed the first time they are needed and
/// cached. The cache is bounded (``maximumStates``): when it fills, it is emptied and the caller
/// answers with ``PikeVM``. A non-ASCII byte also hands the text to the VM, which matches it in
/// NFC, and so does a line break ending the text when the pattern has `$`.
/// One DFA per thread and regex; the program is shared.
///
/// - Complexity: O(text length) lookups once the states a text needs exist; building a state
///   costs O(program size).
struct LazyDFA {
    /// What a run decided.
    enum Outcome { case match, noMatch, useVM, gaveUp }

    static let defaultMaximumStates = 1_000
    /// States the cache may hold before it is emptied (a row of 2-byte entries each, one per byte class).
    let maximumStates: Int
    /// Table entries besides state numbers (all at or above ``firstSpecial``). Entries are 16 bits:
    /// the table is read once per byte and stays in cache better at half the size.
    static let unknown: UInt16 = 0xFFFF, matched: UInt16 = 0xFFFE, dead: UInt16 = 0xFFFD, nonASCII: UInt16 = 0xFFFC
    static let firstSpecial: UInt16 = 0xFFFC

    private struct StateKey: Hashable { var pcs: [Int32]; var word: Bool; var start: Bool }

    /// The program, kept here so the hot loop touches nothing shared (no reference counting).
    private let program: RegexProgram
    private let byteClass: [UInt8]
    /// Columns: the program's byte classes, then non-ASCII, then the end of the text.
    private let stride: Int
    private var table: [UInt16] = []
    private var states: [StateKey] = []
    private var index: [StateKey: UInt16] = [:]
    /// Closure scratch: instruction → the generation it was last visited in.
    private var visited: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []
    /// How often the cache filled and was emptied.
    private(set) var cacheResets = 0

    init(program: RegexProgram, maximumStates: Int = LazyDFA.defaultMaximumStates) {
        self.program = program
        self.byteClass = program.byteClass
        self.maximumStates = min(Int(Self.firstSpecial) - 1, max(2, maximumStates))
        stride = program.classCount + 2
        visited = [UInt32](repeating: 0, count: program.instructions.count)
        reset()
    }

    private mutating func reset() {
        table.removeAll(keepingCapacity: true)
        states.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
        _ = add(StateKey(pcs: [0], word: false, start: true))
    }

    private mutating func add(_ key: StateKey) -> UInt16 {
        let id = UInt16(states.count)
        states.append(key)
        index[key] = id
        table.append(contentsOf: repeatElement(Self.unknown, count: stride))
        table[Int(id) * stride + stride - 2] = Self.nonASCII
        return id
    }

    /// Runs over `bytes`; `steps` counts bytes read and instructions visited.
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Outcome {
        let n = bytes.count
        // The DFA reads `$` as the end of the text; `$` before a final line break is the VM's.
        if program.usesFinalLineBreak, n > 0, bytes[n - 1] >= 0x0A && bytes[n - 1] <= 0x0D { return .useVM }
        var s = 0
        var i = 0
        while true {
            let limit = min(n, i + max(0, steps))
            let start = i
            table.withUnsafeBufferPointer { table in
                byteClass.withUnsafeBufferPointer { classOf in
                    while i < limit {
                        let next = table[s &* stride &+ Int(classOf[Int(bytes[i])])]
                        if next >= Self.firstSpecial { break }
                        s = Int(next)
                        i &+= 1
                    }
                }
            }
            steps -= i - start
            if i < n && i == limit { return .gaveUp }
            let column = i < n ? Int(byteClass[Int(bytes[i])]) : stride - 1
            var next = table[s * stride + column]
            if next == Self.unknown {
                guard let computed = transition(from: s, column: column, steps: &steps) else {
                    cacheResets += 1
                    reset()
                    return .useVM
                }
                next = computed
                table[s * stride + column] = next
            }
            if steps <= 0 { return .gaveUp }
            switch next {
            case Self.matched: return .match
            case Self.dead: return .noMatch
            case Self.nonASCII: return .useVM
            default:
                if i == n { return .noMatch }
                s = Int(next)
                i += 1
            }
        }
    }

    /// The state after reading the byte class `column` (or the end) in state `s`; nil when the cache is full.
    private mutating func transition(from s: Int, column: Int, steps: inout Int) -> UInt16? {
        let key = states[s]
        let atEnd = column == stride - 1
        let byte = atEnd ? 0 : UInt32(program.classRepresentative[column])
        let nextWord = !atEnd && RegexUnicodeClass.word.containsASCII(UInt8(byte))
        generation &+= 1
        if generation == 0 { for k in visited.indices { visited[k] = 0 }; generation = 1 }
        var next: [Int32] = []
        stack.removeAll(keepingCapacity: true)
        for pc in key.pcs.reversed() { stack.append(pc) }
        while let pc = stack.popLast() {
            if visited[Int(pc)] == generation { continue }
            visited[Int(pc)] = generation
            steps -= 1
            let instruction = program.instructions[Int(pc)]
            switch instruction.op {
            case .match: return Self.matched
            case .jump: stack.append(instruction.a)
            case .split: stack.append(instruction.b); stack.append(instruction.a)
            case .save: stack.append(pc + 1)
            case .set:
                if !atEnd && program.sets[Int(instruction.a)].contains(byte) { next.append(pc + 1) }
            case .assert:
                let holds: Bool
                switch RegexAssertion(rawValue: UInt8(truncatingIfNeeded: instruction.a)) {
                case .textStart: holds = key.start
                case .textEnd, .textEndOrFinalLineBreak: holds = atEnd
                case .wordBoundary: holds = key.word != nextWord
                case .notWordBoundary: holds = key.word == nextWord
                case nil: holds = false
                }
                if holds { stack.append(pc + 1) }
            }
        }
        if atEnd { return Self.dead }
        if !program.anchoredAtStart { next.append(0) }
        if next.isEmpty { return Self.dead }
        next.sort()
        var unique: [Int32] = []
        for pc in next where unique.last != pc { unique.append(pc) }
        let nextKey = StateKey(pcs: unique, word: nextWord, start: false)
        if let known = index[nextKey] { return known }
        if states.count >= maximumStates { return nil }
        return add(nextKey)
    }

    /// How many states the cache holds now.
    var stateCount: Int { states.count }
}
