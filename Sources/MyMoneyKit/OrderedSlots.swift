import Foundation

/// Results of work done on several threads at once, kept by position.
final class OrderedSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// The values set, in order of position (positions never set are left out).
    func take() -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        let taken = slots.compactMap { $0 }
        slots = []
        return taken
    }

    /// Runs `work` for every position in `0..<count`, one per core when there are several.
    static func fill(count: Int, _ work: @escaping @Sendable (Int, OrderedSlots<Value>) -> Void) -> [Value] {
        let slots = OrderedSlots<Value>(count: count)
        if count < 2 {
            for index in 0..<count { work(index, slots) }
        } else {
            DispatchQueue.concurrentPerform(iterations: count) { work($0, slots) }
        }
        return slots.take()
    }
}
