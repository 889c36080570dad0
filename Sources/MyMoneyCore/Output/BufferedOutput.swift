/// A small buffered writer: text and bytes gathered into 64 KiB and handed to a ``ByteSink``
/// a buffer at a time, so output of any size costs one system call per 64 KiB.
///
/// Call ``flush()`` when done (nothing is written before); what was written stays in order.
public struct BufferedOutput {
    /// Bytes gathered before they go to the sink.
    public static let capacity = 1 << 16

    public let sink: ByteSink
    /// The gathered bytes, in one allocation of ``capacity`` written through a pointer (an
    /// array's appends checked uniqueness and capacity on every byte: a quarter of writing a
    /// million transactions). A copy of this value writes into the same buffer: use one.
    @usableFromInline let buffer: Buffer

    /// The buffer's memory; released with the last writer holding it (not `Sendable`).
    /// Inlinable into other modules, so a writer there copies a byte without a call. The count
    /// of bytes held is behind a pointer too: a class's `var` seen from another module is checked
    /// for exclusive access at run time on every byte (a tenth of writing a million transactions).
    @usableFromInline final class Buffer {
        @usableFromInline let base = UnsafeMutablePointer<UInt8>.allocate(capacity: BufferedOutput.capacity)
        @usableFromInline let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        @usableFromInline init() { counter.initialize(to: 0) }
        @inlinable var count: Int {
            get { counter.pointee }
            set { counter.pointee = newValue }
        }
        deinit {
            base.deallocate()
            counter.deallocate()
        }
    }

    public init(_ sink: ByteSink) {
        self.sink = sink
        self.buffer = Buffer()
    }

    /// Appends the UTF-8 bytes of `text`.
    @inlinable
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends one byte.
    @inlinable
    public mutating func write(byte: UInt8) {
        if buffer.count >= BufferedOutput.capacity { flush() }
        buffer.base[buffer.count] = byte
        buffer.count += 1
    }

    /// Appends `bytes` (large runs go to the sink directly, after what is buffered).
    @inlinable
    public mutating func write(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        guard n > 0, let source = bytes.baseAddress else { return }
        if buffer.count + n > BufferedOutput.capacity {
            flush()
            if n >= BufferedOutput.capacity {
                sink.write(bytes)
                return
            }
        }
        UnsafeMutableRawPointer(buffer.base + buffer.count).copyMemory(from: source, byteCount: n)
        buffer.count += n
    }

    /// Appends `bytes`.
    public mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Appends `count` copies of `byte`.
    public mutating func write(repeating byte: UInt8, count: Int) {
        var left = max(0, count)
        while left > 0 {
            if buffer.count >= BufferedOutput.capacity { flush() }
            let n = min(left, BufferedOutput.capacity - buffer.count)
            (buffer.base + buffer.count).initialize(repeating: byte, count: n)
            buffer.count += n
            left -= n
        }
    }

    /// Appends `value` in decimal, without making a String.
    public mutating func write(decimal value: Int64) {
        if buffer.count + 20 > BufferedOutput.capacity { flush() }
        if value == 0 { write(byte: 0x30); return }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { raw in
            while magnitude > 0 {
                raw[count] = UInt8(truncatingIfNeeded: 0x30 + magnitude % 10)
                magnitude /= 10
                count += 1
            }
        }
        var at = buffer.count
        if value < 0 { buffer.base[at] = 0x2D; at += 1 }
        withUnsafeBytes(of: &digits) { raw in
            for i in stride(from: count - 1, through: 0, by: -1) { buffer.base[at] = raw[i]; at += 1 }
        }
        buffer.count = at
    }

    /// Writes up to `maximum` bytes straight into the buffer: `body` gets room for that many and
    /// returns how many it wrote (at most `maximum`). For a few short pieces written at once
    /// (a key with its comma, line feed and indentation) with one capacity check instead of one
    /// per piece. `maximum` must not be more than ``capacity``.
    @inlinable
    public mutating func writeInPlace(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        precondition(maximum <= BufferedOutput.capacity, "writeInPlace asks for more than the buffer holds")
        if buffer.count + maximum > BufferedOutput.capacity { flush() }
        let written = body(buffer.base + buffer.count)
        buffer.count += written
    }

    /// Hands everything buffered to the sink.
    public mutating func flush() {
        guard buffer.count > 0 else { return }
        sink.write(UnsafeRawBufferPointer(start: buffer.base, count: buffer.count))
        buffer.count = 0
    }

    /// Appends a line feed and `count` spaces (indentation), copied from a run kept for it.
    public mutating func writeLineFeed(indent count: Int) {
        guard count <= BufferedOutput.indentation.count - 1 else {
            write(byte: 0x0A)
            write(repeating: 0x20, count: count)
            return
        }
        BufferedOutput.indentation.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[0..<(count + 1)])) }
    }

    /// A line feed and 128 spaces.
    private static let indentation: [UInt8] = [0x0A] + Array(repeating: 0x20, count: 128)
}
