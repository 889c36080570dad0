/// Where ``CSVTokenizer`` puts the fields it finds: a whole table's 5-byte spans
/// (``CSVFieldSpans``), a window's 8-byte spans in place (``CSVFieldBuffer``), or only their
/// count (``CSVFieldCount``, for a table of rows only). The tokenizer reads back only the fields
/// of the row it is in.
protocol CSVFieldStore {
    var count: Int { get }
    subscript(_ k: Int) -> CSVFieldSpan { get }
    mutating func append(_ span: CSVFieldSpan)
    mutating func removeLast(_ n: Int)
}

extension CSVFieldSpans: CSVFieldStore {}

/// Fields counted, not kept: the last one is remembered (a row of one blank field is no row).
struct CSVFieldCount: CSVFieldStore {
    private(set) var count = 0
    private var last = CSVFieldSpan(start: 0, end: 0, needsUnescape: false)

    subscript(_ k: Int) -> CSVFieldSpan {
        precondition(k == count - 1, "only the last field is kept")
        return last
    }

    mutating func append(_ span: CSVFieldSpan) { count += 1; last = span }
    mutating func removeLast(_ n: Int) { count -= n }
}

/// Fields written in place into memory the caller owns (a ``CSVFieldWindow``'s), which must
/// hold them all.
struct CSVFieldBuffer: CSVFieldStore {
    let base: UnsafeMutablePointer<CSVFieldSpan>
    let capacity: Int
    private(set) var count = 0

    init(base: UnsafeMutablePointer<CSVFieldSpan>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    subscript(_ k: Int) -> CSVFieldSpan { base[k] }

    mutating func append(_ span: CSVFieldSpan) {
        precondition(count < capacity, "more fields than the window's rows hold")
        base[count] = span
        count += 1
    }

    mutating func removeLast(_ n: Int) { count -= n }
}
