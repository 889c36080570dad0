/// A regular expression compiled to a Thompson NFA: the instructions both matchers run
/// (``PikeVM`` for captures and non-ASCII text, ``LazyDFA`` for yes/no on ASCII text).
///
/// Immutable after compiling; share it across threads. The DFA's byte classes are computed here
/// once, so each thread's DFA only caches states.
struct RegexProgram: Sendable {
    struct Instruction: Sendable {
        enum Op: UInt8, Sendable {
            /// Read one character in `sets[a]`, go to the next instruction.
            case set
            /// Try `a` first, then `b`.
            case split
            case jump
            /// Record the position in capture slot `a`.
            case save
            /// Go on only if ``RegexAssertion`` with raw value `a` holds here.
            case assert
            case match
        }
        var op: Op
        var a: Int32 = 0
        var b: Int32 = 0
    }

    static let maximumInstructions = 20_000

    let instructions: [Instruction]
    let sets: [RegexCharacterSet]
    /// Capture groups (group 0, the whole match, not counted).
    let captureCount: Int
    /// Every match starts at the start of the text: no new attempt after position 0.
    let anchoredAtStart: Bool
    /// Uses `$`/`\Z`, which the DFA treats as the plain end: texts ending in a line break go to the VM.
    let usesFinalLineBreak: Bool
    let usesWordBoundary: Bool
    /// DFA input classes: `byteClass[b]` for ASCII bytes, ``nonASCIIClass`` for the rest.
    let byteClass: [UInt8]
    /// A representative byte of each class.
    let classRepresentative: [UInt8]
    var classCount: Int { classRepresentative.count }
    var nonASCIIClass: UInt8 { UInt8(classRepresentative.count) }

    init(instructions: [Instruction], sets: [RegexCharacterSet], captureCount: Int, anchoredAtStart: Bool,
         usesFinalLineBreak: Bool) {
        self.instructions = instructions
        self.sets = sets
        self.captureCount = captureCount
        self.anchoredAtStart = anchoredAtStart
        self.usesFinalLineBreak = usesFinalLineBreak
        let wordBoundary = instructions.contains {
            $0.op == .assert && ($0.a == Int32(RegexAssertion.wordBoundary.rawValue) || $0.a == Int32(RegexAssertion.notWordBoundary.rawValue))
        }
        self.usesWordBoundary = wordBoundary
        // Bytes with the same membership in every set (and the same wordness, when \b is used) share a class.
        var signatures: [[UInt64]] = []
        var classOf = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = []
        let words = (sets.count + 1 + 63) / 64
        for b in 0..<128 {
            var signature = [UInt64](repeating: 0, count: words)
            for (k, set) in sets.enumerated() where set.contains(UInt32(b)) { signature[k >> 6] |= 1 << UInt64(k & 63) }
            if wordBoundary && RegexUnicodeClass.word.containsASCII(UInt8(b)) { signature[sets.count >> 6] |= 1 << UInt64(sets.count & 63) }
            if let known = signatures.firstIndex(of: signature) {
                classOf[b] = UInt8(known)
            } else {
                classOf[b] = UInt8(representatives.count)
                signatures.append(signature)
                representatives.append(UInt8(b))
            }
        }
        for b in 128..<256 { classOf[b] = UInt8(representatives.count) }
        self.byteClass = classOf
        self.classRepresentative = representatives
    }

    /// Whether assertion `raw` holds at position `pos` of `text` (scalars).
    @inline(__always)
    static func assertionHolds(_ raw: Int32, at pos: Int, in text: UnsafeBufferPointer<UInt32>) -> Bool {
        let n = text.count
        switch RegexAssertion(rawValue: UInt8(truncatingIfNeeded: raw)) {
        case .textStart: return pos == 0
        case .textEnd: return pos == n
        case .textEndOrFinalLineBreak:
            if pos == n { return true }
            if pos == n - 1 { return isLineBreak(text[pos]) }
            return pos == n - 2 && text[pos] == 0x0D && text[pos + 1] == 0x0A
        case .wordBoundary, .notWordBoundary:
            let boundary = isWord(pos > 0 ? text[pos - 1] : nil) != isWord(pos < n ? text[pos] : nil)
            return boundary == (raw == Int32(RegexAssertion.wordBoundary.rawValue))
        case nil: return false
        }
    }

    /// ICU's line terminators: LF, VT, FF, CR, NEL, LS, PS.
    @inline(__always)
    static func isLineBreak(_ c: UInt32) -> Bool {
        (c >= 0x0A && c <= 0x0D) || c == 0x85 || c == 0x2028 || c == 0x2029
    }

    @inline(__always)
    static func isWord(_ c: UInt32?) -> Bool {
        guard let c else { return false }
        return c < 0x80 ? RegexUnicodeClass.word.containsASCII(UInt8(c)) : RegexUnicodeClass.word.contains(c)
    }
}
