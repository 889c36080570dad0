/// Weighs how plausible 8-bit text (not UTF-8) is in each legacy encoding a bank may write:
/// Windows-1252, Windows-1250, ISO-8859-2, Shift_JIS, GB18030, Big5 and EUC-KR.
///
/// Each candidate reads the bytes its own way and scores the characters it gets: letters with
/// accents inside Latin words (`Empfänger`) for the single-byte ones, kana and common kanji for
/// Shift_JIS, common hanzi for GB18030 and Big5 (each by the region its own standard keeps for
/// them), hangul syllables for EUC-KR. Symbols inside words (`Gr±d`), control characters,
/// user-defined and rare characters count against. A candidate under which some byte sequence
/// is not defined is out. Only the head of a file (`limit` bytes) is weighed.
///
/// - Complexity: O(n) in the head's length per candidate; no allocation.
enum LegacyEncodingEvidence {
    static let candidates: [TextEncoding] = [.windows1252, .windows1250, .latin2, .shiftJIS, .gb18030, .big5, .eucKR]

    /// Each candidate that reads the head and its score, in ``candidates`` order.
    static func scores(_ bytes: [UInt8], limit: Int = 64 * 1024) -> [(encoding: TextEncoding, score: Int)] {
        bytes.withUnsafeBufferPointer { all in
            let head = UnsafeBufferPointer(rebasing: all[0..<min(all.count, limit)])
            let cut = head.count < all.count // a sequence running over the end of the head is not an error
            return candidates.compactMap { encoding in
                score(head, encoding, cut: cut).map { (encoding, $0) }
            }
        }
    }

    /// The candidates that read the head, best first (ties in ``candidates`` order).
    static func ranked(_ bytes: [UInt8]) -> [(encoding: TextEncoding, score: Int)] {
        let all = scores(bytes)
        return all.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }.map(\.element)
    }

    static func score(_ b: UnsafeBufferPointer<UInt8>, _ encoding: TextEncoding, cut: Bool) -> Int? {
        switch encoding {
        case .windows1252, .windows1250, .latin2: return singleByte(b, SingleByteTables.table(for: encoding))
        case .shiftJIS: return shiftJIS(b, cut: cut)
        case .gb18030: return gb18030(b, cut: cut)
        case .big5: return big5(b, cut: cut)
        case .eucKR: return eucKR(b, cut: cut)
        default: return nil
        }
    }

    @inline(__always) static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// Latin text: an accented letter beside an ASCII letter is evidence; a letter among other
    /// non-ASCII bytes (a run of CJK bytes read as Latin-1), a symbol inside a word or a control
    /// character is not, nor is a small letter that only precedes a capital (`¿Que` read as
    /// Windows-1250 gives `żQue`: the capital starts a word, the byte before it is punctuation).
    static func singleByte(_ b: UnsafeBufferPointer<UInt8>, _ table: [UInt32]) -> Int {
        var score = 0
        let n = b.count
        for i in 0..<n where b[i] >= 0x80 {
            let scalar = table[Int(b[i]) - 0x80]
            let before = i > 0 ? b[i - 1] : 0x20, after = i + 1 < n ? b[i + 1] : 0x20
            if scalar < 0xA0 { score -= 5; continue } // a C1 control: not text
            let properties = Unicode.Scalar(scalar)?.properties
            let isLetter = properties?.isAlphabetic ?? false
            let beforeCapital = after >= 0x41 && after <= 0x5A && (properties?.isLowercase ?? false)
            let besideLetter = isASCIILetter(before) || (isASCIILetter(after) && !beforeCapital)
            if isLetter {
                if besideLetter { score += 2 } else if before >= 0x80 && after >= 0x80 { score -= 1 }
            } else if isASCIILetter(before) && isASCIILetter(after) {
                score -= 3 // `±`, `¶`, `¼` inside a word: a letter of another code page
            }
        }
        return score
    }

    /// Shift_JIS (code page 932): kana +3, JIS level-1 kanji +2, punctuation and half-width kana +1.
    static func shiftJIS(_ b: UnsafeBufferPointer<UInt8>, cut: Bool) -> Int? {
        var score = 0, i = 0
        let n = b.count
        while i < n {
            let lead = b[i]
            if lead < 0x80 { i += 1; continue }
            if lead >= 0xA1 && lead <= 0xDF { score += 1; i += 1; continue } // half-width katakana
            guard (0x81...0x9F).contains(lead) || (0xE0...0xFC).contains(lead), lead != 0x85, lead != 0x86,
                  lead != 0xEB, lead != 0xEC, lead != 0xEF else { return nil }
            guard i + 1 < n else { return cut ? score : nil }
            let t = b[i + 1]
            guard (0x40...0x7E).contains(t) || (0x80...0xFC).contains(t) else { return nil }
            switch (lead, t) {
            case (0x82, 0x9F...), (0x83, ...0x96): score += 3                     // hiragana, katakana
            case (0x81, _), (0x87, _): score += 1                                 // punctuation, NEC symbols
            case (0x88, 0x9F...), (0x89...0x97, _), (0x98, ...0x72): score += 2   // level-1 kanji
            case (0xF0...0xF9, _): score -= 5                                     // user-defined
            default: break                                                        // level-2 kanji, extensions
            }
            i += 2
        }
        return score
    }

    /// GB18030: GB2312 level-1 hanzi +2, punctuation +1; GBK extensions -1, four-byte forms -3.
    static func gb18030(_ b: UnsafeBufferPointer<UInt8>, cut: Bool) -> Int? {
        var score = 0, i = 0
        let n = b.count
        while i < n {
            let lead = b[i]
            if lead < 0x80 { i += 1; continue }
            guard lead >= 0x81, lead <= 0xFE else { return nil }
            guard i + 1 < n else { return cut ? score : nil }
            let t = b[i + 1]
            if t >= 0x30 && t <= 0x39 {
                guard i + 3 < n else { return cut ? score : nil }
                guard (0x81...0xFE).contains(b[i + 2]), (0x30...0x39).contains(b[i + 3]) else { return nil }
                score -= 3; i += 4; continue
            }
            guard (0x40...0x7E).contains(t) || (0x80...0xFE).contains(t) else { return nil }
            if t >= 0xA1 {
                switch lead {
                case 0xA1...0xA9: score += 1
                case 0xB0...0xD7: score += 2
                case 0xD8...0xF7: break
                default: score -= 5 // user-defined
                }
            } else {
                score -= 1
            }
            i += 2
        }
        return score
    }

    /// Big5 (code page 950): level-1 hanzi +2, punctuation +1; reserved and user-defined rows count against.
    static func big5(_ b: UnsafeBufferPointer<UInt8>, cut: Bool) -> Int? {
        var score = 0, i = 0
        let n = b.count
        while i < n {
            let lead = b[i]
            if lead < 0x80 { i += 1; continue }
            guard lead >= 0x81, lead <= 0xFE else { return nil }
            guard i + 1 < n else { return cut ? score : nil }
            let t = b[i + 1]
            guard (0x40...0x7E).contains(t) || (0xA1...0xFE).contains(t) else { return nil }
            switch (lead, t) {
            case (0xA1...0xA3, _): score += 1
            case (0xA4...0xC5, _), (0xC6, ...0x7E): score += 2
            case (0xC6...0xC8, _): score -= 3
            case (0xC9...0xF9, _): break
            default: score -= 5 // user-defined
            }
            i += 2
        }
        return score
    }

    /// EUC-KR (code page 949): hangul syllables +3, punctuation +1, extended hangul +1; hanja -2.
    static func eucKR(_ b: UnsafeBufferPointer<UInt8>, cut: Bool) -> Int? {
        var score = 0, i = 0
        let n = b.count
        while i < n {
            let lead = b[i]
            if lead < 0x80 { i += 1; continue }
            guard lead >= 0x81, lead <= 0xFE else { return nil }
            guard i + 1 < n else { return cut ? score : nil }
            let t = b[i + 1]
            if lead >= 0xA1 && t >= 0xA1 && t <= 0xFE {
                switch lead {
                case 0xA1...0xAC: score += 1
                case 0xB0...0xC8: score += 3
                case 0xCA...0xFD: score -= 2
                default: score -= 5
                }
            } else if lead <= 0xC6, (0x41...0x5A).contains(t) || (0x61...0x7A).contains(t) || (0x81...0xFE).contains(t) {
                score += 1 // the code page's extra hangul
            } else {
                return nil
            }
            i += 2
        }
        return score
    }
}
