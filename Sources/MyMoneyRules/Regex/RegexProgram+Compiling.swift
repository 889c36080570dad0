/// Compiling a ``RegexNode`` tree into instructions (Thompson's construction).
extension RegexProgram {
    /// Compiles `parsed`; refuses programs over ``maximumInstructions`` (`(a{1000}){1000}`).
    ///
    /// - Complexity: O(size of the program).
    init(compiling parsed: RegexParser.Parsed) throws(RegexSyntaxError) {
        let size = Self.size(of: parsed.node)
        if size > Self.maximumInstructions {
            throw .tooLarge("it would compile to more than 20,000 instructions", at: -1,
                            notes: ["nested repetition counts multiply: (a{100}){100} is 10,000 copies of a; use + or * instead"])
        }
        var emitter = RegexEmitter()
        emitter.emit(parsed.node)
        emitter.instructions.append(Instruction(op: .match))
        self.init(instructions: emitter.instructions, sets: emitter.sets, captureCount: parsed.captureCount,
                  anchoredAtStart: parsed.node.isAnchoredAtStart, usesFinalLineBreak: parsed.node.usesEndOrFinalLineBreak)
    }

    /// How many instructions `node` compiles to (saturating past the maximum).
    static func size(of node: RegexNode) -> Int {
        let cap = maximumInstructions + 1
        func add(_ a: Int, _ b: Int) -> Int { min(cap, a + b) }
        func times(_ a: Int, _ k: Int) -> Int { k == 0 ? 0 : (a > cap / k ? cap : a * k) }
        switch node {
        case .empty: return 0
        case .set, .assertion: return 1
        case .group(let inner, let capture): return add(size(of: inner), capture == nil ? 0 : 2)
        case .concatenation(let parts): return parts.reduce(0) { add($0, size(of: $1)) }
        case .alternation(let branches): return branches.reduce(2 * (branches.count - 1)) { add($0, size(of: $1)) }
        case .repetition(let inner, let low, let high, _):
            let one = size(of: inner)
            guard let high else { return add(times(one, max(low, 1)), low == 0 ? 2 : 1) }
            return add(times(one, low), times(add(one, 1), high - low))
        }
    }
}

/// Writes instructions for a tree, patching jump targets as it goes.
private struct RegexEmitter {
    var instructions: [RegexProgram.Instruction] = []
    var sets: [RegexCharacterSet] = []
    var setIndex: [RegexCharacterSet: Int32] = [:]

    @discardableResult
    mutating func append(_ op: RegexProgram.Instruction.Op, _ a: Int32 = 0, _ b: Int32 = 0) -> Int {
        instructions.append(RegexProgram.Instruction(op: op, a: a, b: b))
        return instructions.count - 1
    }

    var next: Int32 { Int32(instructions.count) }

    /// A split preferring `first` when greedy.
    mutating func split(at pc: Int, body: Int32, exit: Int32, greedy: Bool) {
        instructions[pc].a = greedy ? body : exit
        instructions[pc].b = greedy ? exit : body
    }

    mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .set(let set):
            let index: Int32
            if let known = setIndex[set] {
                index = known
            } else {
                index = Int32(sets.count)
                sets.append(set)
                setIndex[set] = index
            }
            append(.set, index)
        case .assertion(let assertion):
            append(.assert, Int32(assertion.rawValue))
        case .group(let inner, let capture):
            if let n = capture { append(.save, Int32(2 * n)) }
            emit(inner)
            if let n = capture { append(.save, Int32(2 * n + 1)) }
        case .concatenation(let parts):
            for part in parts { emit(part) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k == branches.count - 1 { emit(branch); break }
                let s = append(.split)
                emit(branch)
                jumps.append(append(.jump))
                split(at: s, body: Int32(s + 1), exit: next, greedy: true)
            }
            for j in jumps { instructions[j].a = next }
        case .repetition(let inner, let low, let high, let greedy):
            if let high {
                for _ in 0..<low { emit(inner) }
                var splits: [Int] = []
                for _ in low..<high {
                    let s = append(.split)
                    splits.append(s)
                    emit(inner)
                }
                for s in splits { split(at: s, body: Int32(s + 1), exit: next, greedy: greedy) }
            } else if low == 0 {
                let s = append(.split)
                emit(inner)
                append(.jump, Int32(s))
                split(at: s, body: Int32(s + 1), exit: next, greedy: greedy)
            } else {
                for _ in 0..<(low - 1) { emit(inner) }
                let start = next
                emit(inner)
                let s = append(.split)
                split(at: s, body: start, exit: next, greedy: greedy)
            }
        }
    }
}
