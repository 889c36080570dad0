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
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFFileEvidence {
        var evidence = QIFFileEvidence()
        var lines = QIFLines(bytes)
        enum Section { case none, register, investment, account, other }
        var section = Section.none
        var datesSettled = false
        var amountsSettled = false
        var datesInFile = 0
        // Texts already examined (a day of 1: readable, 0: not): a repeated text adds nothing but
        // its count, so files whose dates never settle the order (all year-first) are not scanned date by date.
        let seen = QIFDayCache()
        while let line = lines.next() {
            if datesSettled && amountsSettled && datesInFile >= 4096 {
                // Both decisions are made: estimate the rest of the block's records from the share read so far.
                let rate = Double(datesInFile) / Double(max(line.lineStart, 1))
                let rest = Int(rate * Double(bytes.count - line.lineStart) * 1.02) + 16
                if !evidence.blockDateCounts.isEmpty { evidence.blockDateCounts[evidence.blockDateCounts.count - 1] += rest }
                break
            }
            if line.isEmpty { continue }
            let code = bytes[line.start]
            if evidence.firstLine == nil && code != 0x23 && code != 0x5E { evidence.firstLine = line }
            let value = UnsafeBufferPointer(rebasing: bytes[(line.start + 1)..<line.end])
            switch code {
            case 0x21: // !
                switch QIFHeader(text: String(decoding: value, as: UTF8.self)) {
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
                        if let key = seen.key(value) {
                            if let known = seen.day(value, key: key) {
                                if known.daysSinceEpoch == 1 { evidence.dates.addRepeated() }
                            } else {
                                let readable = evidence.addDate(value, line: line)
                                seen.store(Day(daysSinceEpoch: readable ? 1 : 0), length: value.count, key: key)
                            }
                        } else {
                            evidence.addDate(value, line: line)
                        }
                        let numeric = evidence.dates.remaining & 6
                        datesSettled = (numeric == 2 || numeric == 4) && evidence.dates.count >= 1000
                    }
                    datesInFile += 1
                    if !evidence.blockDateCounts.isEmpty { evidence.blockDateCounts[evidence.blockDateCounts.count - 1] += 1 }
                }
            case 0x2F: // /
                if section == .account { evidence.addDate(value, line: line) }
            case 0x54, 0x55: // T U
                if !amountsSettled && (section == .register || section == .investment) {
                    evidence.amounts.add(value, position: valuePosition(line))
                    let a = evidence.amounts
                    amountsSettled = (a.pointVotes >= 64 && a.commaVotes == 0) || (a.commaVotes >= 64 && a.pointVotes == 0)
                }
            case 0x24: // $
                if !amountsSettled && section != .none && section != .other { evidence.amounts.add(value, position: valuePosition(line)) }
            case 0x4F: // O
                if !amountsSettled && section == .investment { evidence.amounts.add(value, position: valuePosition(line)) }
            default:
                break
            }
        }
        return evidence
    }

    /// Adds a date's evidence; false when the text is no date in any order.
    @discardableResult
    private mutating func addDate(_ value: UnsafeBufferPointer<UInt8>, line: QIFLine) -> Bool {
        guard let date = QIFDateText.scan(value) else { return false }
        dates.add(date, text: String(decoding: value, as: UTF8.self), position: valuePosition(line))
        return true
    }
}

/// The position of a line's value (the byte after its one-byte code).
func valuePosition(_ line: QIFLine) -> SourcePosition {
    let offset = min(line.start + 1, line.end)
    return SourcePosition(offset: offset, line: line.number, column: offset - line.lineStart + 1)
}
