/// The keys of an object's members, each made once into the bytes a ``JSONWriter`` writes before
/// the member's value: comma, line feed, indentation, the quoted and escaped name, colon and space.
///
/// For writers of millions of objects of the same shape (`transactions --format json`): a key
/// written with ``JSONWriter/key(_:_:)`` is one copy of a few bytes, where ``JSONWriter/key(_:)``
/// (its plain twin, held to the same bytes by the tests) escapes the name and builds the
/// indentation every time. The runs hold the indentation of one depth: `depth` is how many
/// containers are open while a member is written, the object itself included (``JSONWriter/depth``
/// inside the object). A writer at another depth, or of the other layout (`pretty`), is given
/// the plain key instead, so the bytes are right wherever the keys are used.
public struct JSONMemberKeys: Sendable {
    /// The names, in the order of their numbers.
    public let names: [String]
    /// How many containers are open around a member the runs are made for.
    public let depth: Int
    public let pretty: Bool
    /// Every key's run one after another, each starting with its comma.
    let runs: [UInt8]
    /// Where each key's run starts in ``runs``, and one more for the end of the last.
    let starts: [Int]

    /// The keys `names` (number 0 the first) for members of objects written at `depth`.
    public init(_ names: [String], depth: Int, pretty: Bool = true) {
        self.names = names
        self.depth = depth
        self.pretty = pretty
        let sink = CollectedBytes()
        var output = BufferedOutput(sink)
        var starts: [Int] = []
        var written = 0
        for name in names {
            starts.append(written)
            output.write(byte: 0x2C)
            if pretty { output.writeLineFeed(indent: 2 * depth) }
            JSONEscaping.write(name, into: &output)
            if pretty { output.write(byte: 0x3A); output.write(byte: 0x20) } else { output.write(byte: 0x3A) }
            output.flush()
            written = sink.bytes.count
        }
        starts.append(written)
        self.runs = sink.bytes
        self.starts = starts
    }

    /// The bytes of key `number` (what ``JSONWriter/key(_:_:)`` writes): with its leading comma,
    /// or without it for an object's first member.
    public func run(_ number: Int, comma: Bool) -> [UInt8] { withRun(number, comma: comma) { Array($0) } }

    /// The bytes of key `number`: with its leading comma, or without it for an object's first member.
    func withRun<R>(_ number: Int, comma: Bool, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let start = starts[number] + (comma ? 0 : 1)
        let end = starts[number + 1]
        return runs.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }
}
