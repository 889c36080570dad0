/// Thompson NFA simulation with capture slots (Pike's VM): leftmost-first matches, as
/// NSRegularExpression and PCRE report them, in time linear in the text.
///
/// Runs for captures (`$1`), for texts with non-ASCII characters, and when a ``LazyDFA`` gives
/// up; it is also the plain twin the DFA is tested against.
///
/// - Complexity: O(text length × program size) time, O(program size × capture slots) space;
///   every instruction is visited at most once per position.
enum PikeVM {
    /// What a run found.
    enum Outcome: Equatable {
        /// Capture slots (start, end per group; -1 when the group took no part), empty when not asked for.
        case match([Int32])
        case noMatch
        /// The step budget ran out first.
        case gaveUp
    }

    /// Reusable space for runs, one per thread.
    struct Scratch {
        var lists = [ThreadList(), ThreadList()]
        var stack: [Frame] = []
        var slots: [Int32] = []
    }

    /// The threads at one position, in priority order, each program counter at most once.
    struct ThreadList {
        var dense: [Int32] = []
        var sparse: [Int32] = []
        var count = 0
        /// Capture slots of the thread at dense index k: `slots[k * width ..< (k + 1) * width]`.
        var slots: [Int32] = []

        mutating func prepare(size: Int, width: Int) {
            if sparse.count < size {
                sparse = [Int32](repeating: 0, count: size)
                dense = [Int32](repeating: 0, count: size)
            }
            if slots.count < size * width { slots = [Int32](repeating: -1, count: size * width) }
            count = 0
        }

        @inline(__always)
        func contains(_ pc: Int32) -> Bool {
            let k = Int(sparse[Int(pc)])
            return k < count && dense[k] == pc
        }

        /// Adds `pc`; returns its dense index.
        @inline(__always)
        mutating func insert(_ pc: Int32) -> Int {
            sparse[Int(pc)] = Int32(count)
            dense[count] = pc
            count += 1
            return count - 1
        }
    }

    /// A step of the depth-first closure: explore `pc`, or put a capture slot back.
    struct Frame {
        var pc: Int32
        var slot: Int32 = -1
        var value: Int32 = 0
    }

    /// Runs `program` over `text` (Unicode scalars); `captures` asks for capture slots (else the
    /// first match found ends the run). `steps` is decremented; at zero the run gives up.
    static func run(_ program: RegexProgram, _ text: UnsafeBufferPointer<UInt32>, captures: Bool,
                    steps: inout Int, scratch: inout Scratch) -> Outcome {
        let size = program.instructions.count
        let width = captures ? 2 * (program.captureCount + 1) : 0
        scratch.lists[0].prepare(size: size, width: width)
        scratch.lists[1].prepare(size: size, width: width)
        if scratch.slots.count < width { scratch.slots = [Int32](repeating: -1, count: width) }
        var current = 0
        var matched: [Int32]?
        let n = text.count
        for pos in 0...n {
            if matched == nil && (pos == 0 || !program.anchoredAtStart) {
                for k in 0..<width { scratch.slots[k] = -1 }
                if width > 0 { scratch.slots[0] = Int32(pos) }
                if !addThread(program, &scratch, list: current, pc: 0, pos: pos, text: text, width: width, steps: &steps) { return .gaveUp }
            }
            if scratch.lists[current].count == 0 { break }
            let next = 1 - current
            scratch.lists[next].count = 0
            let c: UInt32? = pos < n ? text[pos] : nil
            var k = 0
            while k < scratch.lists[current].count {
                let pc = scratch.lists[current].dense[k]
                let instruction = program.instructions[Int(pc)]
                steps -= 1
                if steps <= 0 { return .gaveUp }
                if instruction.op == .set, let c, program.sets[Int(instruction.a)].contains(c) {
                    for s in 0..<width { scratch.slots[s] = scratch.lists[current].slots[k * width + s] }
                    if !addThread(program, &scratch, list: next, pc: pc + 1, pos: pos + 1, text: text, width: width, steps: &steps) { return .gaveUp }
                } else if instruction.op == .match {
                    guard captures else { return .match([]) }
                    var found = Array(scratch.lists[current].slots[(k * width)..<((k + 1) * width)])
                    found[1] = Int32(pos)
                    matched = found
                    break   // threads after this one have lower priority
                }
                k += 1
            }
            current = next
        }
        return matched.map { .match($0) } ?? .noMatch
    }

    /// Follows jumps, splits, saves and assertions from `pc` at `pos`, adding every reachable
    /// character test and match to the list, in priority order. False when the budget ran out.
    private static func addThread(_ program: RegexProgram, _ scratch: inout Scratch, list: Int, pc start: Int32, pos: Int,
                                  text: UnsafeBufferPointer<UInt32>, width: Int, steps: inout Int) -> Bool {
        scratch.stack.removeAll(keepingCapacity: true)
        scratch.stack.append(Frame(pc: start))
        while let frame = scratch.stack.popLast() {
            if frame.slot >= 0 {
                scratch.slots[Int(frame.slot)] = frame.value
                continue
            }
            let pc = frame.pc
            if scratch.lists[list].contains(pc) { continue }
            let k = scratch.lists[list].insert(pc)
            steps -= 1
            if steps <= 0 { return false }
            let instruction = program.instructions[Int(pc)]
            switch instruction.op {
            case .jump:
                scratch.stack.append(Frame(pc: instruction.a))
            case .split:
                scratch.stack.append(Frame(pc: instruction.b))
                scratch.stack.append(Frame(pc: instruction.a))
            case .save:
                let slot = Int(instruction.a)
                if slot < width {
                    scratch.stack.append(Frame(pc: 0, slot: Int32(slot), value: scratch.slots[slot]))
                    scratch.slots[slot] = Int32(pos)
                }
                scratch.stack.append(Frame(pc: pc + 1))
            case .assert:
                if RegexProgram.assertionHolds(instruction.a, at: pos, in: text) { scratch.stack.append(Frame(pc: pc + 1)) }
            case .set, .match:
                for s in 0..<width { scratch.lists[list].slots[k * width + s] = scratch.slots[s] }
            }
        }
        return true
    }
}
