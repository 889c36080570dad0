/// Chooses a text encoding from the bytes' own evidence and turns them into UTF-8.
///
/// Order of checks: a byte order mark (UTF-8, UTF-16 LE/BE), then NUL bytes in the first
/// kilobyte (UTF-16 without a mark), then strict UTF-8, then the legacy encoding the bytes'
/// evidence favours (``LegacyEncodingEvidence``: Windows-1252, the superset of Latin-1 that
/// banks actually write, unless Windows-1250, ISO-8859-2, Shift_JIS, GB18030, Big5 or EUC-KR
/// reads them as more plausible text). A caller's choice (`--encoding`) overrides the evidence,
/// except that a byte order mark is always removed.
public enum TextDecoder {
    /// Decodes `bytes`; `forced` (a user's `--encoding` or a format's declared charset) wins
    /// over the guess when given.
    ///
    /// - Throws: ``TextDecodingError`` for binary data (NUL bytes in 8-bit text) and for
    ///   malformed UTF-16.
    public static func decode(_ bytes: [UInt8], forced: TextEncoding? = nil) throws(TextDecodingError) -> DecodedText {
        // Byte order marks.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            let body = Array(bytes[3...])
            if forced == nil || forced == .utf8 {
                try validateUTF8(body, offset: 3)
                return DecodedText(utf8: body, encoding: .utf8, hadByteOrderMark: true)
            }
            return DecodedText(utf8: try transcode(body, from: forced!), encoding: forced!, hadByteOrderMark: true)
        }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let encoding: TextEncoding = bytes[0] == 0xFF ? .utf16LE : .utf16BE
            return DecodedText(utf8: try utf16(Array(bytes[2...]), littleEndian: encoding == .utf16LE),
                               encoding: encoding, hadByteOrderMark: true)
        }
        if let forced {
            return DecodedText(utf8: try transcode(bytes, from: forced), encoding: forced, hadByteOrderMark: false)
        }
        // UTF-16 without a mark: NULs at even or odd positions of the first kilobyte.
        let head = bytes.prefix(1024)
        var zerosEven = 0, zerosOdd = 0
        for (i, b) in head.enumerated() where b == 0 { if i % 2 == 0 { zerosEven += 1 } else { zerosOdd += 1 } }
        let half = head.count / 2
        if half >= 2 {
            if zerosOdd * 10 >= half * 7 && zerosEven == 0 {
                return DecodedText(utf8: try utf16(bytes, littleEndian: true), encoding: .utf16LE, hadByteOrderMark: false)
            }
            if zerosEven * 10 >= half * 7 && zerosOdd == 0 {
                return DecodedText(utf8: try utf16(bytes, littleEndian: false), encoding: .utf16BE, hadByteOrderMark: false)
            }
        }
        if let nul = firstNUL(bytes) {
            throw TextDecodingError(reason: "binary data: a NUL byte is not text", offset: nul)
        }
        if isValidUTF8(bytes) {
            return DecodedText(utf8: bytes, encoding: .utf8, hadByteOrderMark: false)
        }
        return try legacy(bytes)
    }

    /// 8-bit text in the legacy encoding its evidence favours (``LegacyEncodingEvidence``):
    /// Windows-1252 unless another candidate scores higher; a multi-byte candidate that fails
    /// further into the file than the weighed head gives way to the next.
    static func legacy(_ bytes: [UInt8]) throws(TextDecodingError) -> DecodedText {
        let ranked = LegacyEncodingEvidence.ranked(bytes)
        var order = ranked.filter { $0.score > 0 }
        if !order.contains(where: { $0.encoding == .windows1252 }) { order.append((.windows1252, 0)) }
        for (k, candidate) in order.enumerated() {
            guard let text = try? transcode(bytes, from: candidate.encoding) else { continue }
            let close = order[(k + 1)...].filter { $0.score > 0 && $0.score * 2 >= candidate.score }.map(\.encoding)
            return DecodedText(utf8: text, encoding: candidate.encoding, hadByteOrderMark: false, alternatives: close)
        }
        return DecodedText(utf8: try transcode(bytes, from: .windows1252), encoding: .windows1252, hadByteOrderMark: false)
    }

    /// Whether the bytes are well-formed UTF-8 (no overlongs, no surrogates).
    public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        firstInvalidUTF8(bytes) == nil
    }

    static func validateUTF8(_ bytes: [UInt8], offset: Int) throws(TextDecodingError) {
        if let bad = firstInvalidUTF8(bytes) {
            throw TextDecodingError(reason: "invalid UTF-8 after a UTF-8 byte order mark", offset: bad + offset)
        }
    }

    /// The offset of the first NUL byte, or nil; eight bytes at a time.
    static func firstNUL(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { b -> Int? in
            guard let base = b.baseAddress else { return nil }
            let raw = UnsafeRawPointer(base)
            let n = b.count
            var i = 0
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if (w &- ones) & ~w & highs != 0 { break } // some byte of w is zero
                i += 8
            }
            while i < n {
                if b[i] == 0 { return i }
                i += 1
            }
            return nil
        }
    }

    /// Whether the bytes are well-formed UTF-8, as ``isValidUTF8(_:)-([UInt8])`` for bytes in place.
    public static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidUTF8(bytes) == nil
    }

    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidUTF8($0) }
    }

    static func firstInvalidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        do {
            var i = 0
            let n = b.count
            let raw = b.baseAddress.map { UnsafeRawPointer($0) }
            while i < n {
                let c = b[i]
                if c < 0x80 {
                    // ASCII runs (most of a bank file), eight bytes at a time.
                    if let raw {
                        while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
                    }
                    if i < n, b[i] < 0x80 { i += 1 }
                    continue
                }
                var need = 0
                var min: UInt32 = 0
                var value: UInt32 = 0
                if c & 0xE0 == 0xC0 { need = 1; min = 0x80; value = UInt32(c & 0x1F) }
                else if c & 0xF0 == 0xE0 { need = 2; min = 0x800; value = UInt32(c & 0x0F) }
                else if c & 0xF8 == 0xF0 { need = 3; min = 0x10000; value = UInt32(c & 0x07) }
                else { return i }
                guard i + need < n else { return i }
                for k in 1...need {
                    let d = b[i + k]
                    guard d & 0xC0 == 0x80 else { return i }
                    value = value << 6 | UInt32(d & 0x3F)
                }
                if value < min || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return i }
                i += need + 1
            }
            return nil
        }
    }

    /// Transcodes single-byte or UTF-16 text to UTF-8.
    public static func transcode(_ bytes: [UInt8], from encoding: TextEncoding) throws(TextDecodingError) -> [UInt8] {
        switch encoding {
        case .utf8:
            if let bad = firstInvalidUTF8(bytes) {
                throw TextDecodingError(reason: "invalid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))", offset: bad)
            }
            return bytes
        case .utf16LE: return try utf16(bytes, littleEndian: true)
        case .utf16BE: return try utf16(bytes, littleEndian: false)
        case .shiftJIS, .gb18030, .big5, .eucKR:
            guard let converter = IconvConverter(from: encoding) else {
                throw TextDecodingError(reason: "the C library cannot read \(encoding.rawValue) (are glibc's gconv modules installed?)", offset: 0)
            }
            return try converter.convert(bytes, encoding: encoding)
        case .windows1252, .latin1, .latin9, .windows1250, .latin2:
            let table = SingleByteTables.table(for: encoding)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8)
            for b in bytes {
                if b < 0x80 { out.append(b); continue }
                appendUTF8(table[Int(b) - 0x80], to: &out)
            }
            return out
        }
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80: out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6))); out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12))); out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18))); out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F))); out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    static func utf16(_ bytes: [UInt8], littleEndian: Bool) throws(TextDecodingError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2)
        var i = 0
        let n = bytes.count - bytes.count % 2
        while i < n {
            let unit = littleEndian ? UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 : UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
            i += 2
            if (0xD800...0xDBFF).contains(unit) {
                guard i + 1 < n else { throw TextDecodingError(reason: "truncated UTF-16 surrogate pair", offset: i - 2) }
                let low = littleEndian ? UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 : UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw TextDecodingError(reason: "unpaired UTF-16 surrogate", offset: i - 2)
                }
                i += 2
                appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &out)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw TextDecodingError(reason: "unpaired UTF-16 surrogate", offset: i - 2)
            } else {
                appendUTF8(unit, to: &out)
            }
        }
        return out
    }
}

/// Code points for bytes 0x80…0xFF of the single-byte encodings.
enum SingleByteTables {
    static func table(for encoding: TextEncoding) -> [UInt32] {
        switch encoding {
        case .windows1252: return windows1252
        case .latin9: return latin9
        case .windows1250: return windows1250
        case .latin2: return latin2
        default: return latin1
        }
    }

    static let latin1: [UInt32] = (0x80...0xFF).map { UInt32($0) }

    /// Windows-1252: 0x80…0x9F hold `€`, typographic quotes, dashes; undefined bytes map to C1 controls.
    static let windows1252: [UInt32] = {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        return high + (0xA0...0xFF).map { UInt32($0) }
    }()

    static let latin9: [UInt32] = {
        var t = latin1
        let changes: [Int: UInt32] = [0xA4: 0x20AC, 0xA6: 0x0160, 0xA8: 0x0161, 0xB4: 0x017D, 0xB8: 0x017E,
                                      0xBC: 0x0152, 0xBD: 0x0153, 0xBE: 0x0178]
        for (byte, scalar) in changes { t[byte - 0x80] = scalar }
        return t
    }()

    /// ISO-8859-2 (Latin-2): 0x80…0x9F are control characters, 0xA0…0xFF Central European letters.
    static let latin2: [UInt32] = (0x80...0x9F).map { UInt32($0) } + [
        0x00A0, 0x0104, 0x02D8, 0x0141, 0x00A4, 0x013D, 0x015A, 0x00A7, 0x00A8, 0x0160, 0x015E, 0x0164, 0x0179, 0x00AD, 0x017D, 0x017B,
        0x00B0, 0x0105, 0x02DB, 0x0142, 0x00B4, 0x013E, 0x015B, 0x02C7, 0x00B8, 0x0161, 0x015F, 0x0165, 0x017A, 0x02DD, 0x017E, 0x017C,
        0x0154, 0x00C1, 0x00C2, 0x0102, 0x00C4, 0x0139, 0x0106, 0x00C7, 0x010C, 0x00C9, 0x0118, 0x00CB, 0x011A, 0x00CD, 0x00CE, 0x010E,
        0x0110, 0x0143, 0x0147, 0x00D3, 0x00D4, 0x0150, 0x00D6, 0x00D7, 0x0158, 0x016E, 0x00DA, 0x0170, 0x00DC, 0x00DD, 0x0162, 0x00DF,
        0x0155, 0x00E1, 0x00E2, 0x0103, 0x00E4, 0x013A, 0x0107, 0x00E7, 0x010D, 0x00E9, 0x0119, 0x00EB, 0x011B, 0x00ED, 0x00EE, 0x010F,
        0x0111, 0x0144, 0x0148, 0x00F3, 0x00F4, 0x0151, 0x00F6, 0x00F7, 0x0159, 0x016F, 0x00FA, 0x0171, 0x00FC, 0x00FD, 0x0163, 0x02D9,
    ]

    /// Windows-1250 (Central European: Polish, Czech, Hungarian banks).
    static let windows1250: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x83, 0x201E, 0x2026, 0x2020, 0x2021, 0x88, 0x2030, 0x0160, 0x2039, 0x015A, 0x0164, 0x017D, 0x0179,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x98, 0x2122, 0x0161, 0x203A, 0x015B, 0x0165, 0x017E, 0x017A,
        0xA0, 0x02C7, 0x02D8, 0x0141, 0xA4, 0x0104, 0xA6, 0xA7, 0xA8, 0xA9, 0x015E, 0xAB, 0xAC, 0xAD, 0xAE, 0x017B,
        0xB0, 0xB1, 0x02DB, 0x0142, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0x0105, 0x015F, 0xBB, 0x013D, 0x02DD, 0x013E, 0x017C,
        0x0154, 0xC1, 0xC2, 0x0102, 0xC4, 0x0139, 0x0106, 0xC7, 0x010C, 0xC9, 0x0118, 0xCB, 0x011A, 0xCD, 0xCE, 0x010E,
        0x0110, 0x0143, 0x0147, 0xD3, 0xD4, 0x0150, 0xD6, 0xD7, 0x0158, 0x016E, 0xDA, 0x0170, 0xDC, 0xDD, 0x0162, 0xDF,
        0x0155, 0xE1, 0xE2, 0x0103, 0xE4, 0x013A, 0x0107, 0xE7, 0x010D, 0xE9, 0x0119, 0xEB, 0x011B, 0xED, 0xEE, 0x010F,
        0x0111, 0x0144, 0x0148, 0xF3, 0xF4, 0x0151, 0xF6, 0xF7, 0x0159, 0x016F, 0xFA, 0x0171, 0xFC, 0xFD, 0x0163, 0x02D9,
    ]
}
