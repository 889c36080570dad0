/// A sink that holds what is written until the writer knows whether it should go out: the output
/// of an input that may still turn out bad, written as it is read.
///
/// While ``isHolding``, bytes are kept (up to `limit`); ``release()`` hands them on to `target`
/// and starts holding again, ``discard()`` drops them. Past `limit` the sink **commits**: the held
/// bytes go out and so does everything after, at once (memory stays flat; the writer can no
/// longer take them back, see ``isCommitted``). ``close()`` drops everything written from then
/// on: for output that turned out bad after it was committed, so that nothing completes it.
/// Used from one thread (not `Sendable`).
///
/// - Complexity: O(1) a byte; at most `limit` bytes held.
public final class HeldOutput: ByteSink {
    public let target: ByteSink
    public let limit: Int
    private var held: [UInt8] = []
    /// The held bytes went out: everything since the last ``release()`` is written already.
    public private(set) var isCommitted = false
    /// ``close()`` was called: nothing more goes out.
    public private(set) var isClosed = false

    /// A sink holding up to `limit` bytes (1 MiB unless told) before it commits.
    public init(_ target: ByteSink, limit: Int = 1 << 20) {
        self.target = target
        self.limit = max(0, limit)
    }

    /// Whether what was written since the last ``release()`` can still be dropped.
    public var isHolding: Bool { !isCommitted && !isClosed }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        if isClosed { return }
        if isCommitted { target.write(bytes); return }
        held.append(contentsOf: bytes)
        if held.count > limit { commit() }
    }

    /// What is held goes out; holding starts again.
    public func release() {
        if !isClosed, !held.isEmpty { commit() }
        held.removeAll(keepingCapacity: true)
        isCommitted = false
    }

    /// What is held is dropped (nothing committed can be); holding starts again.
    public func discard() {
        held.removeAll(keepingCapacity: true)
        isCommitted = false
    }

    /// Nothing written from now on goes out (what is held is dropped).
    public func close() {
        held = []
        isClosed = true
    }

    private func commit() {
        held.withUnsafeBytes { target.write($0) }
        held.removeAll(keepingCapacity: true)
        isCommitted = true
    }
}
