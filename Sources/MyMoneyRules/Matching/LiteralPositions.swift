/// Where the `contains` literals of the scan in progress occurred, per bit: the end of each one's
/// first occurrence and the start of its last, in bytes of the folded text.
///
/// Valid only for bits that fired in the current scan of their field (the scan writes a bit's
/// first end when it first sets it), so nothing is cleared between transactions. A regex of
/// the shape `A.*B` (``RegexLiterals/ordered``) reads them: on ASCII text it matches exactly
/// when some `A` ends at or before where some `B` starts.
struct LiteralPositions {
    var firstEnd: [Int32]
    var lastStart: [Int32]

    init(bits: Int) {
        firstEnd = [Int32](repeating: 0, count: bits)
        lastStart = [Int32](repeating: 0, count: bits)
    }
}
