/// SWIFT's `15d` amounts: digits with a mandatory decimal comma (`1234,56`, `380115,`, `00,12`,
/// `000000000025,00`), no sign, no thousands separators.
///
/// Tolerated with a flag: no comma at all (`500`, read as a whole number) and `.` digit groups
/// (`1.234,56`). The plain twin is Core's `Amount(parsing:format:)` with a `,` decimal mark and
/// `.` grouping, compared in `MT940AmountTests`.
enum MT940Amount {
    struct Read: Equatable {
        var amount: Amount
        /// How many bytes the amount took.
        var length: Int
        /// The comma was missing.
        var missingComma: Bool
        /// `.` digit groups were used.
        var grouped: Bool
    }

    enum Failure: Error, Equatable {
        /// No digit where the amount starts.
        case noDigits
        /// More than 18 significant digits or decimals.
        case tooLong
        /// A `.` that does not group three digits.
        case badGrouping
    }

    /// Reads the amount at the start of `bytes` and stops at the first byte that cannot continue it.
    ///
    /// - Complexity: O(length of the amount), no allocation.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Read, Failure> {
        var i = 0
        let n = bytes.count
        var units: Int64 = 0
        var significant = 0
        var scale = 0
        var seenComma = false
        var grouped = false
        var integerDigits = 0
        var groupLength = 0
        while i < n {
            let b = bytes[i]
            let d = b &- 0x30
            if d < 10 {
                if significant > 0 || d != 0 { significant += 1 }
                if seenComma { scale += 1 } else { integerDigits += 1; groupLength += 1 }
                guard significant <= 18, scale <= 18 else { return .failure(.tooLong) }
                units = units &* 10 &+ Int64(d)
                i += 1
            } else if b == 0x2C, !seenComma {
                guard integerDigits > 0 else { return .failure(.noDigits) }
                if grouped && groupLength != 3 { return .failure(.badGrouping) }
                seenComma = true
                i += 1
            } else if b == 0x2E, !seenComma, integerDigits > 0, i + 1 < n, bytes[i + 1] &- 0x30 < 10 {
                if grouped ? groupLength != 3 : groupLength > 3 { return .failure(.badGrouping) }
                grouped = true
                groupLength = 0
                i += 1
            } else {
                break
            }
        }
        guard integerDigits > 0 else { return .failure(.noDigits) }
        if grouped && !seenComma && groupLength != 3 { return .failure(.badGrouping) }
        return .success(Read(amount: Amount(units: units, scale: scale), length: i, missingComma: !seenComma, grouped: grouped))
    }
}
