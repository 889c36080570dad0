/// JSON written as it goes, straight into a ``ByteSink``: no tree of values, memory flat in the
/// size of the output.
///
/// The bytes are exactly those ``JSONValue/serialized(pretty:)`` gives for the same values in the
/// same order (two-space indentation when `pretty`, `[]` and `{}` for empty containers), so a
/// command can stream what it used to build as a tree without changing its output. Containers are
/// opened and closed in pairs; inside an object, every value follows a ``key(_:)``. Call
/// ``finish()`` at the end to flush.
///
/// ```swift
/// var json = JSONWriter(into: sink)
/// json.beginObject()
/// json.key("transactions"); json.beginArray()
/// for t in rows { json.beginObject(); json.key("id"); json.int(t.id); json.endObject() }
/// json.endArray()
/// json.endObject()
/// json.finish()
/// ```
public struct JSONWriter {
    public private(set) var output: BufferedOutput
    public let pretty: Bool
    /// For each open container, how many elements it holds so far.
    private var counts: [Int] = []
    /// A key was written; the next value is its value.
    private var afterKey = false

    public init(into sink: ByteSink, pretty: Bool = true) {
        self.output = BufferedOutput(sink)
        self.pretty = pretty
    }

    /// A writer that starts inside `depth` open arrays, none of which holds an element yet: the
    /// elements it writes can be put into an array at that depth of another writer with
    /// ``appendElements(_:count:)`` (a part written aside and joined later).
    public init(into sink: ByteSink, pretty: Bool = true, insideArraysOfDepth depth: Int) {
        self.init(into: sink, pretty: pretty)
        counts = Array(repeating: 0, count: depth)
    }

    /// How many containers are open.
    public var depth: Int { counts.count }

    // MARK: Containers

    public mutating func beginObject() {
        prefix()
        output.write(byte: 0x7B)
        counts.append(0)
    }

    public mutating func endObject() { close(0x7D) }

    public mutating func beginArray() {
        prefix()
        output.write(byte: 0x5B)
        counts.append(0)
    }

    public mutating func endArray() { close(0x5D) }

    /// The next member's key, inside an object.
    public mutating func key(_ name: String) {
        prefix()
        JSONEscaping.write(name, into: &output)
        if pretty { output.write(byte: 0x3A); output.write(byte: 0x20) } else { output.write(byte: 0x3A) }
        afterKey = true
    }

    /// The next member's key, a name written in the program (`json.key(plain: "amount")`): the
    /// same bytes as ``key(_:)``, copied as they are when they need no escaping, without going
    /// through a String (for writers of millions of objects).
    public mutating func key(plain name: StaticString) {
        guard name.hasPointerRepresentation else { key(name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }); return }
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        prefix()
        if JSONWriter.needsNoEscape(bytes) {
            output.write(byte: 0x22)
            output.write(UnsafeRawBufferPointer(bytes))
            output.write(byte: 0x22)
        } else {
            JSONEscaping.write(bytes, into: &output)
        }
        if pretty { output.write(byte: 0x3A); output.write(byte: 0x20) } else { output.write(byte: 0x3A) }
        afterKey = true
    }

    /// Whether printable ASCII without `"` or `\\`: written as it is between quotes.
    private static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b < 0x20 || b >= 0x7F || b == 0x22 || b == 0x5C { return false }
        return true
    }

    /// `count` elements already written as bytes by a writer made with
    /// `insideArraysOfDepth: depth` (the same depth as here, in an array with no element yet).
    public mutating func appendElements(_ write: (inout BufferedOutput) -> Void, count: Int) {
        guard count > 0, !counts.isEmpty else { return }
        write(&output)
        counts[counts.count - 1] += count
    }

    // MARK: Values

    public mutating func string(_ text: String) {
        prefix()
        JSONEscaping.write(text, into: &output)
    }

    /// A string, or `null` when nil.
    public mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// A string from bytes that may not be UTF-8 (``JSONEscaping/write(unchecked:into:)``), or
    /// `null` when nil: text copied from storage without a String.
    public mutating func string(unchecked bytes: UnsafeBufferPointer<UInt8>?) {
        guard let bytes else { null(); return }
        prefix()
        JSONEscaping.write(unchecked: bytes, into: &output)
    }

    /// A number written exactly as given (`"1.00"` amounts are strings instead, per the command surface).
    public mutating func number(_ text: String) {
        prefix()
        output.write(text)
    }

    public mutating func int(_ value: Int) { int(Int64(value)) }

    public mutating func int(_ value: Int64) {
        prefix()
        output.write(decimal: value)
    }

    public mutating func bool(_ value: Bool) {
        prefix()
        output.write(value ? "true" : "false")
    }

    public mutating func null() {
        prefix()
        output.write("null")
    }

    /// A value written by `body` between quotes: text that needs no escaping (digits, dashes).
    public mutating func quoted(_ body: (inout BufferedOutput) -> Void) {
        prefix()
        output.write(byte: 0x22)
        body(&output)
        output.write(byte: 0x22)
    }

    /// A whole value built as a tree (small parts of a large document).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .string(let s): string(s)
        case .number(let n): number(n)
        case .bool(let b): bool(b)
        case .null: null()
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let members):
            beginObject()
            for (k, v) in members { key(k); self.value(v) }
            endObject()
        }
    }

    /// Flushes everything written to the sink.
    public mutating func finish() { output.flush() }

    /// Ends the document with a line feed (as a printed line ends), then flushes.
    public mutating func finishLine() {
        output.write(byte: 0x0A)
        output.flush()
    }

    // MARK: Layout

    /// What goes before a value or a key: nothing after a key; else a comma after an earlier
    /// element, then a new line indented to the container's depth.
    private mutating func prefix() {
        if afterKey { afterKey = false; return }
        guard !counts.isEmpty else { return }
        if counts[counts.count - 1] > 0 { output.write(byte: 0x2C) }
        counts[counts.count - 1] += 1
        newline(counts.count)
    }

    private mutating func close(_ bracket: UInt8) {
        let count = counts.removeLast()
        if count > 0 { newline(counts.count) }
        output.write(byte: bracket)
    }

    private mutating func newline(_ level: Int) {
        guard pretty else { return }
        output.writeLineFeed(indent: 2 * level)
    }
}
