import Testing
@_spi(Speed) @testable import MyMoneyCore
import MyMoneyTestSupport

/// The string interner against its plain twin (each text decoded alone) and against a plain
/// model of its sharing policy: every answer is the text's own string, and a string is shared
/// exactly when the policy says the table holds the text.
@Suite struct StringInternerTests {
    /// The policy of ``StringInterner`` written plainly: per slot the stored text and which
    /// answer made it, the misses in a row and the last missed text; per stream its trial.
    struct Model {
        struct Entry { var text: [UInt8]; var answer: Int; var misses = 0; var candidate: [UInt8]? }
        struct Trial { var lookups = 0, hits = 0, bypassLeft = 0 }
        let slots: Int
        let longest: Int
        var entries: [Int: Entry] = [:]
        var trials: [Int: Trial] = [:]

        /// The earlier answer whose string this lookup shares, or nil when the string is new.
        mutating func lookup(_ text: [UInt8], stream: Int, answer: Int) -> Int? {
            guard text.count >= StringInterner.shortest, text.count <= longest else { return nil }
            var trial = trials[stream] ?? Trial()
            defer { trials[stream] = trial }
            if trial.bypassLeft > 0 { trial.bypassLeft -= 1; return nil }
            trial.lookups += 1
            if trial.lookups > Int(StringInterner.trialLength) {
                if trial.hits < Int(StringInterner.trialHits) {
                    trial = Trial(lookups: 0, hits: 0, bypassLeft: Int(StringInterner.bypassLength))
                    return nil
                }
                trial = Trial(lookups: 1, hits: 0, bypassLeft: 0)
            }
            let slot = Int(ByteHash.plainHash(text) >> UInt64(64 - slots.trailingZeroBitCount))
            guard var entry = entries[slot] else {
                entries[slot] = Entry(text: text, answer: answer)
                return nil
            }
            if entry.text == text {
                entry.misses = 0
                entries[slot] = entry
                trial.hits += 1
                return entry.answer
            }
            let candidate = entry.candidate
            entry.candidate = text
            entry.misses = min(entry.misses + 1, Int(StringInterner.patience))
            if entry.misses < Int(StringInterner.patience) || candidate != text {
                entries[slot] = entry
                return nil
            }
            entries[slot] = Entry(text: text, answer: answer)
            return nil
        }
    }

    /// Looks every text up in a fresh interner and in the model; checks each answer's text and
    /// whether it shares storage as the model says. Returns the number of shared answers.
    @discardableResult
    func check(_ texts: [([UInt8], Int)], slots: Int, longest: Int = 96, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let interner = StringInterner(slots: slots, longest: longest)
        var model = Model(slots: interner.slots, longest: interner.longest)
        var answers: [String] = []   // all kept alive: a freed string's storage could come back
        answers.reserveCapacity(texts.count)
        var wrongText = 0, wrongSharing = 0, shared = 0
        var heapAddresses: Set<UnsafePointer<UInt8>> = []   // of answers stored outside the String value
        for (i, (text, stream)) in texts.enumerated() {
            var answer = text.withUnsafeBufferPointer { interner.string($0, stream: stream) }
            let alone = text.withUnsafeBufferPointer { StringInterner.decodedAlone($0) }
            if answer != alone { wrongText += 1 }
            let expected = model.lookup(text, stream: stream, answer: i)
            let address = answer.withUTF8 { $0.baseAddress }
            if let expected {
                var earlier = answers[expected]
                if earlier.withUTF8({ $0.baseAddress }) != address { wrongSharing += 1 }
                shared += 1
            } else if answer.utf8.count >= 16, let address, heapAddresses.contains(address) {
                wrongSharing += 1
            }
            if answer.utf8.count >= 16, let address { heapAddresses.insert(address) }
            answers.append(answer)
        }
        #expect(wrongText == 0, "answers that are not the text decoded alone", sourceLocation: sourceLocation)
        #expect(wrongSharing == 0, "answers shared where the policy says not, or not where it says so", sourceLocation: sourceLocation)
        return shared
    }

    static func randomText(_ rng: inout SeededGenerator, length: Int) -> [UInt8] {
        // Mostly ASCII, with UTF-8 sequences and now and then an invalid byte.
        (0..<length).map { _ in
            switch rng.below(20) {
            case 0: return 0xC3
            case 1: return 0xA9
            case 2: return 0xFF
            default: return UInt8(0x20 + rng.below(95))
            }
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func answersAreTheTextsDecodedAloneAndSharedAsThePolicySays(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pool = (0..<300).map { _ in StringInternerTests.randomText(&rng, length: rng.below(130)) }
        var texts: [([UInt8], Int)] = []
        for _ in 0..<6_000 {
            let text = rng.below(3) == 0 ? StringInternerTests.randomText(&rng, length: rng.below(110)) : rng.pick(pool)
            texts.append((text, rng.below(3)))
        }
        // A small table (entries collide and change hands) and a large one.
        let sharedSmall = check(texts, slots: 16)
        let sharedLarge = check(texts, slots: 4096)
        #expect(sharedSmall > 0 && sharedLarge > sharedSmall)
    }

    @Test func repeatedValuesStaySharedAmidValuesThatNeverRepeat() {
        var texts: [([UInt8], Int)] = []
        for i in 0..<2_000 {
            texts.append((Array("Card payment number \(i)".utf8), 0))
            texts.append((Array("Stadtwerke Berlin GmbH".utf8), 0))
        }
        let shared = check(texts, slots: 16)
        #expect(shared >= 1_990)
    }

    @Test func aStreamOfUniqueTextsIsBypassedThenTriedAgain() {
        // Unique texts fail the trial; repeated ones arriving during the bypass are not shared,
        // those after it (a new trial) are.
        var texts: [([UInt8], Int)] = (0..<1_100).map { (Array("reference 0000\($0) unique".utf8), 1) }
        texts += (0..<70_000).map { _ in (Array("AMAZON.COM*M21KD0HA0 AM".utf8), 1) }
        let shared = check(texts, slots: 64)
        let bypassed = Int(StringInterner.bypassLength)
        #expect(shared > 0 && shared < 70_000 - bypassed + 100, "\(shared) shared")
    }

    @Test func streamsAreJudgedApart() {
        // Stream 1 never repeats and is bypassed; stream 0 keeps sharing meanwhile.
        var texts: [([UInt8], Int)] = []
        for i in 0..<5_000 {
            texts.append((Array("memo with running number \(i)".utf8), 1))
            texts.append((Array("REWE MARKT BERLIN \(i % 5)".utf8), 0))
        }
        let shared = check(texts, slots: 256)
        #expect(shared >= 4_990)
    }

    @Test func textsOutsideTheSharedLengthsAreMadeAlone() {
        let interner = StringInterner(slots: 16, longest: 20)
        for text in ["short", String(repeating: "x", count: 21), ""] {
            var copies: [String] = []
            for _ in 0..<3 { copies.append(Array(text.utf8).withUnsafeBufferPointer { interner.string($0) }) }
            #expect(copies.allSatisfy { $0 == text })
        }
        #expect(interner.longest == 20 && interner.slots == 16)
        #expect(StringInterner.slots(forTextOf: 100) == 64 && StringInterner.slots(forTextOf: 100_000_000) == 4096)
    }
}
