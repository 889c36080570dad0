/// The characters one position of a regex accepts: a literal, `.`, `[A-Z0-9 ]`, `\d`, `[^…]`.
///
/// ASCII membership is a 128-bit table with case and negation already applied (what the DFA and
/// the literal extractor read). Other scalars are answered from the ranges and Unicode classes
/// the set was written with; under `i` a scalar is in the set when something that folds like it
/// (``ScalarFolding``) is.
struct RegexCharacterSet: Sendable, Hashable {
    /// ASCII members 0–63 and 64–127, final (case and negation applied).
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0
    /// What was written, before case closure and negation.
    private var writtenLow: UInt64 = 0
    private var writtenHigh: UInt64 = 0
    /// Non-ASCII scalars written, as sorted ranges (merged at ``finish``).
    private(set) var ranges: [ClosedRange<UInt32>] = []
    private(set) var classes: [RegexUnicodeClass] = []
    /// Classes written negated (`\W`, `\P{L}`) inside the set.
    private(set) var negatedClasses: [RegexUnicodeClass] = []
    private(set) var caseInsensitive = false
    private(set) var negated = false

    init() {}

    /// One scalar; under `caseInsensitive` every case variant of it.
    init(scalar: UInt32, caseInsensitive: Bool) {
        for s in caseInsensitive ? ScalarFolding.variants(of: scalar) : [scalar] { add(s...s) }
        finish(caseInsensitive: false, negated: false)
    }

    /// `.`: anything but a line terminator, or anything at all with `s`.
    static func any(dotMatchesLineBreaks: Bool) -> RegexCharacterSet {
        var set = RegexCharacterSet()
        if !dotMatchesLineBreaks { set.add(0x0A...0x0D); set.add(0x85...0x85); set.add(0x2028...0x2029) }
        set.finish(caseInsensitive: false, negated: true)
        return set
    }

    mutating func add(_ range: ClosedRange<UInt32>) {
        var lo = range.lowerBound
        while lo <= range.upperBound && lo < 0x80 {
            if lo < 64 { writtenLow |= 1 << UInt64(lo) } else { writtenHigh |= 1 << UInt64(lo - 64) }
            lo += 1
        }
        if lo <= range.upperBound { ranges.append(lo...range.upperBound) }
    }

    mutating func add(_ unicodeClass: RegexUnicodeClass, negated: Bool) {
        for b in 0..<UInt8(0x80) where unicodeClass.containsASCII(b) != negated {
            if b < 64 { writtenLow |= 1 << UInt64(b) } else { writtenHigh |= 1 << UInt64(b - 64) }
        }
        if negated { negatedClasses.append(unicodeClass) } else { classes.append(unicodeClass) }
    }

    /// Adds everything `other` accepts (a finished set: `[\d\s]`, `[^…]` nested by escapes).
    mutating func add(contentsOf other: RegexCharacterSet) {
        precondition(!other.negated)
        writtenLow |= other.low
        writtenHigh |= other.high
        ranges += other.ranges
        classes += other.classes
        negatedClasses += other.negatedClasses
    }

    /// Applies case closure and negation; call once, after the last `add`.
    mutating func finish(caseInsensitive: Bool, negated: Bool) {
        self.caseInsensitive = caseInsensitive
        self.negated = negated
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for r in ranges {
            if let last = merged.last, r.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        ranges = merged
        var lo = writtenLow, hi = writtenHigh
        if caseInsensitive {
            // Letters: A–Z are 65–90 (high bits 1–26), a–z 97–122 (high bits 33–58).
            let upper: UInt64 = 0x07FF_FFFE, lower: UInt64 = 0x07FF_FFFE << 32
            hi |= (hi & upper) << 32 | (hi & lower) >> 32
        }
        if negated { lo = ~lo; hi = ~hi }
        low = lo
        high = hi
    }

    /// Whether the set accepts `scalar`.
    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return low & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return high & (1 << UInt64(scalar - 64)) != 0 }
        return containsNonASCII(scalar)
    }

    func containsNonASCII(_ scalar: UInt32) -> Bool {
        var found = written(scalar)
        if !found && caseInsensitive {
            let folded = ScalarFolding.fold(scalar)
            found = written(folded)
            if !found {
                for variant in [ScalarFolding.upper(scalar), ScalarFolding.title(scalar)]
                where variant != scalar && ScalarFolding.fold(variant) == folded && written(variant) {
                    found = true
                    break
                }
            }
        }
        return found != negated
    }

    /// Membership in what was written (no case closure, no negation).
    private func written(_ scalar: UInt32) -> Bool {
        if scalar < 128 {
            return scalar < 64 ? writtenLow & (1 << UInt64(scalar)) != 0 : writtenHigh & (1 << UInt64(scalar - 64)) != 0
        }
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < scalar { lo = mid + 1 } else { hi = mid }
        }
        if lo < ranges.count && ranges[lo].contains(scalar) { return true }
        for c in classes where c.contains(scalar) { return true }
        for c in negatedClasses where !c.contains(scalar) { return true }
        return false
    }

    /// Whether every member is ASCII (no ranges or classes beyond it, not negated): the
    /// literal extractor may then list the members.
    var isASCIIOnly: Bool {
        !negated && ranges.isEmpty && classes.isEmpty && negatedClasses.isEmpty
    }

    /// The ASCII members, in order.
    var asciiMembers: [UInt8] {
        var members: [UInt8] = []
        for (word, base) in [(low, 0), (high, 64)] {
            var bits = word
            while bits != 0 {
                members.append(UInt8(base + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return members
    }
}
