import Foundation
import MyMoneyStore

/// Statements the rules have finished, waiting for the store: the rules work on one statement
/// while the store writes the ones before it (two cores instead of one after the other).
///
/// The rules put statements in (``put(_:)``, then ``finish()``), the store takes them out in the
/// same order (``next()``); the store may ``cancel()`` (it failed) and the rules stop at their
/// next statement.
final class RuledStatementQueue: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var ready: [ImportStatement] = []
    private var taken = 0
    private var finished = false
    private var cancelled = false
    private var storeWaiting = false
    /// By slot: the whole ruled rows of a statement handed on in parts (``putWholeRows(_:slot:)``).
    private var wholeRows: [Int: [LedgerTransaction]] = [:]

    /// Puts `statement` in, moved: a reference the maker still held when the store took it would
    /// make the store's first change in place copy what it holds (the identities of a million rows).
    func put(_ statement: consuming ImportStatement) {
        condition.lock()
        ready.append(consume statement)
        condition.broadcast()
        condition.unlock()
    }

    /// ``put(_:)``, once fewer than `limit` statements wait for the store (or it cancelled).
    func put(_ statement: consuming ImportStatement, waitingForRoomBelow limit: Int) {
        condition.lock()
        while ready.count - taken >= limit && !cancelled { condition.wait() }
        ready.append(consume statement)
        condition.broadcast()
        condition.unlock()
    }

    /// The ruled rows of the whole statement of `slot`, which went to the store in parts: what
    /// the stages after storing work on, kept in one array (the store does not gather the parts).
    /// Put before the statement's last part.
    func putWholeRows(_ rows: consuming [LedgerTransaction], slot: Int) {
        condition.lock()
        wholeRows[slot] = rows
        condition.unlock()
    }

    /// The rows ``putWholeRows(_:slot:)`` put for `slot`, taken out (nil when none were).
    func takeWholeRows(slot: Int) -> [LedgerTransaction]? {
        condition.lock()
        defer { condition.unlock() }
        return wholeRows.removeValue(forKey: slot)
    }

    /// No more statements will come.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next statement, waiting for it when it is still being made; nil once all were taken.
    func next() -> ImportStatement? {
        condition.lock()
        defer { condition.unlock() }
        while taken == ready.count && !finished {
            storeWaiting = true
            condition.wait()
        }
        storeWaiting = false
        guard taken < ready.count else { return nil }
        // Handed over, not kept: the store holds it from now on.
        var statement = ImportStatement(accountId: 0, transactions: [])
        swap(&statement, &ready[taken])
        taken += 1
        // A maker waiting for room (``put(_:waitingForRoomBelow:)``) may go on.
        condition.broadcast()
        return statement
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the store is waiting for the next statement (it has written every one put so
    /// far): the rules may then use every core, the store's too.
    var storeIsWaiting: Bool {
        condition.lock()
        defer { condition.unlock() }
        return storeWaiting
    }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }
}
