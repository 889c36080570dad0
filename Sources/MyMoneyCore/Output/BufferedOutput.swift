/// A small buffered writer: text and bytes gathered into 64 KiB and handed to a ``ByteSink``
/// a buffer at a time, so output of any size costs one system call per 64 KiB.
///
/// Call ``flush()`` when done (nothing is written before); what was written stays in order.
public struct BufferedOutput {
    /// Bytes gathered before they go to the sink.
    public static let capacity = 1 << 16

    public let sink: ByteSink
    private var buffer: [UInt8] = []

    public init(_ sink: ByteSink) {
        self.sink = sink
        buffer.reserveCapacity(BufferedOutput.capacity)
    }

    /// Appends the UTF-8 bytes of `text`.
    @inlinable
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends one byte.
    public mutating func write(byte: UInt8) {
        if buffer.count >= BufferedOutput.capacity { flush() }
        buffer.append(byte)
    }

    /// Appends `bytes` (large runs go to the sink directly, after what is buffered).
    public mutating func write(_ bytes: UnsafeRawBufferPointer) {
        if buffer.count + bytes.count > BufferedOutput.capacity {
            flush()
            if bytes.count >= BufferedOutput.capacity {
                sink.write(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    /// Appends `bytes`.
    public mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Appends `count` copies of `byte`.
    public mutating func write(repeating byte: UInt8, count: Int) {
        if buffer.count + count > BufferedOutput.capacity { flush() }
        buffer.append(contentsOf: repeatElement(byte, count: count))
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

    /// Appends `value` in decimal, without making a String.
    public mutating func write(decimal value: Int64) {
        if buffer.count + 20 > BufferedOutput.capacity { flush() }
        if value == 0 { buffer.append(0x30); return }
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
        if value < 0 { buffer.append(0x2D) }
        withUnsafeBytes(of: &digits) { raw in
            for i in stride(from: count - 1, through: 0, by: -1) { buffer.append(raw[i]) }
        }
    }

    /// Hands everything buffered to the sink.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { sink.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
