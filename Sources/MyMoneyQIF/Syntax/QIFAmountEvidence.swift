/// What the money amounts of one file say about their decimal mark, gathered in one pass.
///
/// `1,234.56` and `1.234,56` decide (the later mark is the decimal one), as do `12,5`, `-3.50`,
/// `1.234.567`; `1,234` and `-3.000` alone are ambiguous and follow the rest of the file
/// (`-3.000` in a decimal-comma file is minus three thousand).
struct QIFAmountEvidence {
    struct Example {
        var text: String
        var position: SourcePosition
        var line: Int { position.line }
    }

    private(set) var pointVotes = 0
    private(set) var commaVotes = 0
    private(set) var pointExample: Example?
    private(set) var commaExample: Example?

    enum Vote { case point, comma, none }

    /// What one amount says.
    static func vote(_ bytes: UnsafeBufferPointer<UInt8>) -> Vote {
        var points = 0, commas = 0, lastPoint = -1, lastComma = -1
        for i in 0..<bytes.count {
            let b = bytes[i]
            if b == 0x2E { points += 1; lastPoint = i }
            else if b == 0x2C { commas += 1; lastComma = i }
        }
        if points == 0 && commas == 0 { return .none }
        if points > 0 && commas > 0 { return lastPoint > lastComma ? .point : .comma }
        if points > 1 { return .comma }
        if commas > 1 { return .point }
        // One mark: three digits after it may be a thousands group; anything else is decimals.
        let mark = points == 1 ? lastPoint : lastComma
        var digitsAfter = 0
        var j = mark + 1
        while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 { digitsAfter += 1; j += 1 }
        if digitsAfter == 3 { return .none }
        return points == 1 ? .point : .comma
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, position: @autoclosure () -> SourcePosition) {
        switch QIFAmountEvidence.vote(bytes) {
        case .point:
            pointVotes += 1
            if pointExample == nil { pointExample = Example(text: String(decoding: bytes, as: UTF8.self), position: position()) }
        case .comma:
            commaVotes += 1
            if commaExample == nil { commaExample = Example(text: String(decoding: bytes, as: UTF8.self), position: position()) }
        case .none:
            break
        }
    }

    /// The decimal mark: the one with evidence, the majority when both have some, else `.`.
    var decimalMark: UInt8 {
        commaVotes > pointVotes ? 0x2C : 0x2E
    }

    /// Whether both marks have evidence (the file mixes formats).
    var isMixed: Bool { pointVotes > 0 && commaVotes > 0 }
}
