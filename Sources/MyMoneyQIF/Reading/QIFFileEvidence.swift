@_spi(Speed) import MyMoneyCore
/// The first pass over a file: where it starts, and what its dates and amounts say about the
/// day/month order and the decimal mark, which are decided once per file before any record is read.
struct QIFFileEvidence {
    var dates = QIFDateEvidence()
    var amounts = QIFAmountEvidence()
    /// The first line that is not blank, a `#` comment or a lone `^`.
    var firstLine: QIFLine?
    /// The number of `D` lines in each register block, in file order (to reserve room for transactions).
    var blockDateCounts: [Int] = []

    /// Scans the dates (`D`) and money amounts (`T`, `U`, `$`, `O`) of account registers and the
    /// statement balances (`$`, `/`) of `!Account` records.
    ///
    /// Dates stop being examined once 1000 of them leave a single day/month order, and amounts once
    /// 64 of them show one decimal mark and none the other: a later date or amount that does not
    /// fit is then reported at its own line by the second pass. Once both are settled (and 4096
    /// dates seen) the pass stops, estimating the size of the current block from the part read.
    static func scan(_ text: QIFText) -> QIFFileEvidence {
        var evidence = QIFFileEvidence()
        var lines = text.lines()
        enum Section { case none, register, investment, account, other }
        var section = Section.none
        var datesSettled = false
        var amountsSettled = false
        var datesInFile = 0
        // Texts already examined (a day of 1: readable, 0: not): a repeated text adds nothing but
        // its count, so files whose dates never settle the order (all year-first) are not scanned date by date.
        let seen = SmallKeyCache<Bool>(slots: 1024, longest: 16)
        while let line = lines.next() {
            if datesSettled && amountsSettled && datesInFile >= 4096 {
                // Both decisions are made: estimate the rest of the block's records from the share read so far.
                let rate = Double(datesInFile) / Double(max(line.lineStart, 1))
                let rest = Int(rate * Double(text.count - line.lineStart) * 1.02) + 16
                if !evidence.blockDateCounts.isEmpty { evidence.blockDateCounts[evidence.blockDateCounts.count - 1] += rest }
                break
            }
            if line.isEmpty { continue }
            let code = text.byte(at: line.start)
            if evidence.firstLine == nil && code != 0x23 && code != 0x5E { evidence.firstLine = line }
            switch code {
            case 0x21: // !
                switch QIFHeader(text: text.string(line)) {
                case .register(let type, _, _):
                    section = type == .investment ? .investment : .register
                    evidence.blockDateCounts.append(0)
                case .account: section = .account
                case .autoSwitchOn, .autoSwitchOff, .option: break
                default: section = .other
                }
            case 0x44: // D
                if section == .register || section == .investment {
                    if !datesSettled {
                        if let readable = text.cachedFlag(line, in: seen) {
                            if readable { evidence.dates.addRepeated() }
                        } else {
                            let readable = evidence.addDate(text, line: line)
                            text.remember(readable, for: line, in: seen)
                        }
                        let numeric = evidence.dates.remaining & 6
                        datesSettled = (numeric == 2 || numeric == 4) && evidence.dates.count >= 1000
                    }
                    datesInFile += 1
                    if !evidence.blockDateCounts.isEmpty { evidence.blockDateCounts[evidence.blockDateCounts.count - 1] += 1 }
                }
            case 0x2F: // /
                if section == .account { evidence.addDate(text, line: line) }
            case 0x54, 0x55: // T U
                if !amountsSettled && (section == .register || section == .investment) {
                    text.addAmountEvidence(line, to: &evidence.amounts)
                    let a = evidence.amounts
                    amountsSettled = (a.pointVotes >= 64 && a.commaVotes == 0) || (a.commaVotes >= 64 && a.pointVotes == 0)
                }
            case 0x24: // $
                if !amountsSettled && section != .none && section != .other { text.addAmountEvidence(line, to: &evidence.amounts) }
            case 0x4F: // O
                if !amountsSettled && section == .investment { text.addAmountEvidence(line, to: &evidence.amounts) }
            default:
                break
            }
        }
        return evidence
    }

    /// Adds a date's evidence; false when the text is no date in any order.
    @discardableResult
    private mutating func addDate(_ text: QIFText, line: QIFLine) -> Bool {
        guard let date = text.dateText(line) else { return false }
        dates.add(date, text: text.string(line), position: valuePosition(line))
        return true
    }
}

/// The position of a line's value (the byte after its one-byte code).
func valuePosition(_ line: QIFLine) -> SourcePosition {
    let offset = min(line.start + 1, line.end)
    return SourcePosition(offset: offset, line: line.number, column: offset - line.lineStart + 1)
}
