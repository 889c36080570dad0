/// Case folding of single Unicode scalars, the way ``TextFolding`` folds text for `contains`.
///
/// A scalar folds to its lowercase mapping when that mapping is one scalar, else to itself. So
/// `É` folds to `é`, but `ß` does not become `ss` and `ς` stays `ς`: a regex with `i` ignores case
/// exactly as `contains` does, which ICU (full case folding) does not.
enum ScalarFolding {
    /// The folded form of `scalar`.
    @inline(__always)
    static func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return scalar &- 0x41 < 26 ? scalar | 0x20 : scalar }
        return single(Unicode.Scalar(scalar)?.properties.lowercaseMapping) ?? scalar
    }

    /// The uppercase form of `scalar` when it is one scalar.
    static func upper(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return scalar &- 0x61 < 26 ? scalar & ~0x20 : scalar }
        return single(Unicode.Scalar(scalar)?.properties.uppercaseMapping) ?? scalar
    }

    /// The titlecase form of `scalar` when it is one scalar (`ǅ` for `ǆ`).
    static func title(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return upper(scalar) }
        return single(Unicode.Scalar(scalar)?.properties.titlecaseMapping) ?? scalar
    }

    /// Every scalar that folds to the same scalar as `scalar` (itself included), as far as its
    /// lower, upper and title case forms reach: `{a, A}`, `{ǆ, ǅ, Ǆ}`.
    static func variants(of scalar: UInt32) -> [UInt32] {
        let folded = fold(scalar)
        var result: [UInt32] = [scalar]
        for candidate in [folded, upper(scalar), title(scalar), upper(folded), title(folded)]
        where fold(candidate) == folded && !result.contains(candidate) {
            result.append(candidate)
        }
        return result
    }

    private static func single(_ mapping: String?) -> UInt32? {
        guard let mapping else { return nil }
        var scalars = mapping.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first.value
    }
}
