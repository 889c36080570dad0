/// A large value whose release is left to another core when the last reference to it goes: a
/// statement of a million rows read is a free per text, which the thread that drops it (the
/// command line, once it has written its report) need not wait for.
///
/// What a caller must know: the value is released a little later, on another thread
/// (``Concurrently/releaseAside(_:)``); a process that exits meanwhile does not wait for it (its
/// memory goes with the process). Only values nothing else will read again belong here.
final class ReleasedAside<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }

    deinit { Concurrently.releaseAside(value) }
}
