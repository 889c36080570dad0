import Foundation
@_spi(Speed) import MyMoneyCore

/// A large table's rows read in two halves, the second on another core (``readsInHalves``): a
/// million-row file was read on one core while the other had nothing to do.
///
/// The second half is read by a reader of its own that knows nothing of the rows above it, then
/// taken in as if this reader had read it (``take(_:into:)``): its transactions and facts
/// appended, its running balances checked again in the chain of the whole file, its
/// diagnostics kept up to each code's limit, its skips counted. Rows whose reading depends on
/// the rows above (detail lines, which belong to the transaction above them, and indicator words
/// of unknown sign, numbered in the order the file brings them) make the second half worthless:
/// it is then read again here, after the first, as a reader of the whole file reads it. So the
/// result is always the plain reading's; `RowReadingHalvesTests` holds the two to each other.
extension CSVRowReader {
    /// Where the second half of `rows` starts, when they are worth two cores (at least `least`
    /// rows, ``leastRowsForHalves``: below it a thread costs more than it saves).
    static func halfway(_ rows: Range<Int>, least: Int) -> Int? {
        guard rows.count >= max(2, least), ProcessInfo.processInfo.activeProcessorCount >= 2 else { return nil }
        return rows.lowerBound + rows.count / 2
    }

    /// What the second half's reader found.
    struct SecondHalfRead {
        var reader: CSVRowReader
        /// Its rows' facts; the running balances compact (``CompactRunningBalances``).
        var rows: ReadRows
        /// Its transactions, in the read's array behind the room of the first half's.
        var slots: InPlaceSlots<StatementTransaction>
        /// Detail lines it met (any makes the half depend on the rows above).
        var details: Int
    }

    /// The second half being read on another core.
    final class SecondHalf: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        fileprivate var result: SecondHalfRead?

        /// Waits for the half, then hands it over.
        func wait() -> SecondHalfRead {
            done.wait()
            defer { result = nil }
            return result!
        }

        fileprivate func finish(_ read: SecondHalfRead) {
            result = read
            done.signal()
        }
    }

    /// Starts reading the data rows from `split` to the end into `slots` on another core, with a
    /// reader of its own (its own strings, no balance placeholders, no memory asked for aside).
    func readSecondHalf(from split: Int, into slots: InPlaceSlots<StatementTransaction>) -> SecondHalf {
        var later = CSVRowReader(table: table, text: text, file: file, layout: layout)
        later.readsBalances = readsBalances
        later.balanceHeadSlots = 0
        let half = SecondHalf()
        let range = split..<layout.endDataRow
        let work = Unchecked((later, slots))
        DispatchQueue.global(qos: .userInitiated).async {
            var (reader, slots) = work.value
            var collector = RowCollector(reader: reader, slots: slots, compactChain: true)
            let details = reader.read(range, into: &collector)
            let rows = collector.finish(&reader)
            slots = collector.builder
            half.finish(SecondHalfRead(reader: reader, rows: rows, slots: slots, details: details))
        }
        return half
    }

    /// Takes the second half in after the rows `collector` holds, as if this reader had read it;
    /// false (nothing taken, the half's transactions destroyed) when it depends on the rows above
    /// it, or a running balance did not fit its compact chain.
    mutating func take(_ half: consuming SecondHalfRead, into collector: inout RowCollector) -> Bool {
        guard half.details == 0, half.reader.unknownWords.isEmpty, half.rows.chain?.compactOverflow != true else {
            half.slots.removeAll()
            return false
        }
        let rows = half.rows
        let offset = collector.builder.count, count = half.slots.count
        if collector.keepsBefore { collector.rows.balanceBefore += rows.balanceBefore }
        if collector.keepsAccount { collector.rows.account += rows.account }
        if collector.keepsCurrency { collector.rows.currencyKey += rows.currencyKey }
        if collector.keepsFee { collector.rows.fee += rows.fee }
        // No word of unknown sign below: every row there is signed as read.
        if !collector.rows.wordClass.isEmpty { collector.rows.wordClass += repeatElement(0, count: count) }
        if rows.daysGoBack { collector.rows.daysGoBack = true }
        if rows.daysGoForward { collector.rows.daysGoForward = true }
        if count > 0 {
            let first = half.slots[0].day
            if let previous = collector.previousDay {
                if first < previous { collector.rows.daysGoBack = true } else if first > previous { collector.rows.daysGoForward = true }
            }
            collector.previousDay = half.slots[count - 1].day
        }
        if collector.hasChain {
            // The half's balances checked again, in the chain of the rows above.
            let slots = half.slots
            (rows.chain?.compact ?? CompactRunningBalances()).forEachIndex(below: count) { j, after in
                collector.chain.add(after: after, amount: slots[j].amount, day: slots[j].day,
                                    position: slots[j].position, index: offset + j)
            }
        }
        // (No row follows the second half: what a detail line below it would belong to is moot.)
        collector.builder.take(moving: &half.slots)
        skips.pending += half.reader.skips.pending
        skips.filtered += half.reader.skips.filtered
        skips.zero += half.reader.skips.zero
        skips.balanceOnly += half.reader.skips.balanceOnly
        skips.noAmount += half.reader.skips.noAmount
        skips.failed += half.reader.skips.failed
        skips.details += half.reader.skips.details
        balanceOnlyRows += half.reader.balanceOnlyRows
        absorbDiagnostics(of: half.reader)
        return true
    }
}

/// A value handed to the thread that reads the second half, which alone uses it from then on.
private struct Unchecked<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
