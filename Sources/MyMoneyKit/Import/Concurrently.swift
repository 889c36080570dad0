import Dispatch
import Foundation

/// The one place where the Kit's workflows use more than one core: work done side by side, in
/// scopes that end only when all of it is done (structured, like `async let` and task groups,
/// for synchronous code that owns a non-`Sendable` ledger connection).
///
/// Nothing here is shared between the pieces of work but what they are given and what they
/// return; a piece of work that runs beside the caller must be `@Sendable`.
enum Concurrently {
    /// `body` applied to every item, one item per core at a time; the results in the items' order.
    ///
    /// - Complexity: O(n) calls of `body`, spread over the machine's cores.
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ body: @escaping @Sendable (Item) -> Result) -> [Result] {
        if items.count < 2 || ProcessInfo.processInfo.activeProcessorCount < 2 { return items.map(body) }
        let results = Results<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in results.set(index, body(items[index])) }
        return results.take()
    }

    /// `body` over `0..<count` cut into one run of consecutive indices per core (fewer when the
    /// runs would be shorter than `shortest`), the runs side by side; returns once all are done.
    ///
    /// What a caller must know: `body` sees each index exactly once, in no set order across runs;
    /// runs must write only to places of their own.
    static func forEachRun(of count: Int, shortest: Int = 4_096, _ body: @escaping @Sendable (Range<Int>) -> Void) {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let runs = max(1, min(cores, count / max(1, shortest)))
        if runs == 1 { return body(0..<count) }
        DispatchQueue.concurrentPerform(iterations: runs) { r in body(count * r / runs..<count * (r + 1) / runs) }
    }

    /// Runs `background` on another core while `foreground` runs here, and returns both results.
    /// When `foreground` throws, the error is rethrown only after `background` has finished (it
    /// should notice, through whatever it shares with the foreground, that it may stop early).
    static func alongside<Background: Sendable, Foreground>(
        _ background: @escaping @Sendable () -> Background, while foreground: () throws -> Foreground
    ) rethrows -> (background: Background, foreground: Foreground) {
        let done = DispatchSemaphore(value: 0)
        let box = Results<Background>(count: 1)
        DispatchQueue.global().async {
            box.set(0, background())
            done.signal()
        }
        let result: Foreground
        do { result = try foreground() } catch {
            done.wait()
            throw error
        }
        done.wait()
        return (box.take()[0], result)
    }

    /// Drops `value` on another thread, without waiting (``ReleasedAside``): the one piece of work
    /// here that outlives the scope that started it, and it only frees memory.
    static func releaseAside<Value: Sendable>(_ value: Value) {
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
    }

    /// Results set from several threads, each in its own slot, taken once all are set.
    private final class Results<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Value?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Value) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        func take() -> [Value] {
            lock.lock()
            defer { lock.unlock() }
            let taken = slots.compactMap { $0 }
            slots = []
            return taken
        }
    }
}
