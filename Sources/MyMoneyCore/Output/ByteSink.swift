import Foundation

/// Where streamed output goes: bytes, in the order they are written.
///
/// A renderer that writes as it goes (``JSONWriter``, ``BufferedOutput``) hands its bytes to a
/// sink in chunks of up to 64 KiB; the sink decides where they end up (standard output, a file,
/// memory). Sinks are classes, used from one thread (not `Sendable`).
public protocol ByteSink: AnyObject {
    /// Takes `bytes`; they are only valid during the call.
    func write(_ bytes: UnsafeRawBufferPointer)
}

/// A sink that keeps everything written in memory: for tests, and for output that is assembled
/// before it is shown.
public final class CollectedBytes: ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) { self.bytes.append(contentsOf: bytes) }

    /// What was written, as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A sink writing to an open file descriptor (standard output, a scratch file), with `write(2)`
/// until every byte is taken.
///
/// A failed write (a closed pipe, a full disk) stops further writes and is kept in ``failure``;
/// the caller checks it once at the end instead of after every chunk.
public final class FileDescriptorSink: ByteSink {
    public let descriptor: Int32
    /// The `errno` of the first write that failed; nil while every write succeeded.
    public private(set) var failure: Int32?

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Foundation.write(descriptor, base, left)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            left -= n
            base += n
        }
    }
}
