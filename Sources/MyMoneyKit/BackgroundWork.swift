import Dispatch

/// A computation that runs on another core while this thread does something else; its result is
/// waited for when needed.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once on the other thread before `done` is left; read only after waiting for `done`.
    private var value: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async {
            self.value = work()
            self.done.leave()
        }
    }

    /// The result, once the work is done (waits for it).
    func result() -> Value? {
        done.wait()
        return value
    }
}
