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
    /// How many elements the innermost open container holds so far.
    private var current = 0
    /// For each open container, how many elements the one around it held when it was opened
    /// (so the innermost count is a plain variable, not an array element checked on every value).
    private var enclosing: [Int] = []
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
        enclosing = Array(repeating: 0, count: depth)
    }

    /// How many containers are open.
    public var depth: Int { enclosing.count }

    // MARK: Containers

    public mutating func beginObject() {
        prefix()
        output.write(byte: 0x7B)
        open()
    }

    public mutating func endObject() { close(0x7D) }

    public mutating func beginArray() {
        prefix()
        output.write(byte: 0x5B)
        open()
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
        // Comma, line feed, indentation, the quoted name, colon and space at once.
        let indent = pretty && !afterKey && !enclosing.isEmpty ? 2 * enclosing.count : 0
        let maximum = 2 + indent + bytes.count + 4
        guard !afterKey, !enclosing.isEmpty, maximum <= 4_096, JSONWriter.needsNoEscape(bytes) else {
            prefix()
            JSONEscaping.write(bytes, into: &output)
            if pretty { output.write(byte: 0x3A); output.write(byte: 0x20) } else { output.write(byte: 0x3A) }
            afterKey = true
            return
        }
        let comma = current > 0
        current += 1
        let pretty = self.pretty
        output.writeInPlace(maximum: maximum) { p in
            var at = 0
            if comma { p[at] = 0x2C; at += 1 }
            // Byte loops: these runs are a few bytes long, shorter than a call to memset or memcpy pays for.
            if pretty {
                p[at] = 0x0A
                at += 1
                for _ in 0..<indent { p[at] = 0x20; at += 1 }
            }
            p[at] = 0x22
            at += 1
            for b in bytes { p[at] = b; at += 1 }
            p[at] = 0x22
            p[at + 1] = 0x3A
            at += 2
            if pretty { p[at] = 0x20; at += 1 }
            return at
        }
        afterKey = true
    }

    /// The next member's key, number `number` of `keys`: the bytes of ``key(_:)`` for its name,
    /// copied as one run when the writer is at the depth and layout the keys were made for.
    public mutating func key(_ keys: JSONMemberKeys, _ number: Int) {
        guard !afterKey, enclosing.count == keys.depth, pretty == keys.pretty else { key(keys.names[number]); return }
        let comma = current > 0
        current += 1
        keys.withRun(number, comma: comma) { output.write($0) }
        afterKey = true
    }

    /// The next element of the innermost container (an array), written by `body` as its bytes:
    /// the comma and line feed before it are written here, then `body` gets room for `maximum`
    /// bytes and returns how many it wrote (at most `maximum`, itself at most
    /// ``BufferedOutput/capacity``). For writers of millions of records of one shape that work
    /// out a record's bytes themselves (``OutputCursor``); the bytes must be one whole JSON value
    /// laid out as this writer would lay it out at this depth.
    public mutating func element(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        prefix()
        output.writeInPlace(maximum: maximum, body)
    }

    /// Whether printable ASCII without `"` or `\\`: written as it is between quotes.
    private static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b < 0x20 || b >= 0x7F || b == 0x22 || b == 0x5C { return false }
        return true
    }

    /// `count` elements already written as bytes by a writer made with
    /// `insideArraysOfDepth: depth` (the same depth as here, in an array with no element yet).
    public mutating func appendElements(_ write: (inout BufferedOutput) -> Void, count: Int) {
        guard count > 0, !enclosing.isEmpty else { return }
        write(&output)
        current += count
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
        guard !enclosing.isEmpty else { return }
        if current > 0 { output.write(byte: 0x2C) }
        current += 1
        newline(enclosing.count)
    }

    /// A container was opened: its count starts at zero.
    private mutating func open() {
        enclosing.append(current)
        current = 0
    }

    private mutating func close(_ bracket: UInt8) {
        let count = current
        current = enclosing.removeLast()
        if count > 0 { newline(enclosing.count) }
        output.write(byte: bracket)
    }

    private mutating func newline(_ level: Int) {
        guard pretty else { return }
        output.writeLineFeed(indent: 2 * level)
    }
}
