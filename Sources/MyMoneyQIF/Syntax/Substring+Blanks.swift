extension Substring {
    /// The text without leading and trailing blanks: exactly the characters Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes on Linux, without the bridging to `NSString`
    /// it costs there (a microsecond and more per call, once per `!` header line and account record).
    /// Works on Unicode scalars, as Foundation does (a blank before a combining mark goes too).
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].isBlank { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before].isBlank else { break }
            end = before
        }
        return String(scalars[start..<end])
    }
}

extension String {
    /// The text without leading and trailing blanks (see ``Substring/trimmingBlanks()``).
    func trimmingBlanks() -> String {
        self[...].trimmingBlanks()
    }
}

extension Unicode.Scalar {
    /// A character of `CharacterSet.whitespaces` as swift-corelibs-foundation has it: tab, space,
    /// no-break space, the Unicode space separators, and the zero-width space U+200B (checked
    /// against Foundation over every scalar up to U+2FFFF).
    var isBlank: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
