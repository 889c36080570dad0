import MyMoneyKit

/// `transactions --format json`'s rows written as whole records: the fast twin of
/// ``TransactionJSON/write(_:accountName:keys:into:)`` (held to the same bytes by
/// `TransactionRowJSONTests`).
///
/// Every run of bytes that does not depend on the row (keys with their commas, line feeds and
/// indentation, brackets, `[]` for the parts) is made once; a row is then written with one
/// capacity check, its values copied or written as digits through an ``OutputCursor``. A row
/// the record cannot hold as it is goes to the twin: one with its whole value (parts), text
/// that needs escaping or a UTF-8 check (anything but printable ASCII without `"` and `\`), a
/// day outside the years 1–9999, or a row too large for the output's buffer.
///
/// Not `Sendable`: one stream's, used on its thread.
struct TransactionRowJSON {
    /// The keys the twin uses, and the layout they were made for.
    let keys: TransactionJSON.Keys
    /// The runs that do not depend on the row (see ``Run``).
    private let runs: Runs
    /// All the runs a row may use, and the most bytes of the values that are not texts.
    private let fixedBound: Int
    /// The account whose name was written last, with its name as a JSON string.
    private var account: (id: Int64, json: Runs)?
    /// The currency written last, with its code as a JSON string.
    private var currency: (value: Currency, json: Runs)?
    /// How many rows were written as records (the others went to the twin).
    private(set) var records = 0

    /// The runs, in the order their bytes are kept.
    fileprivate enum Run: Int, CaseIterable {
        // The transaction's keys first, in ``TransactionJSON/Keys/Member`` order (id without its comma).
        case id, account, date, amount, currency, payee, memo, category, tags, project, place, type, splits,
             originalPayee, notes, bankId, source
        case sourceFile, sourceLine, sourceClose, close, firstTag, laterTag, tagsClose
    }

    /// Records for transactions written as elements of the array `json` is inside now.
    init(elementsOf json: JSONWriter) {
        let keys = TransactionJSON.Keys(elementsOf: json)
        self.keys = keys
        let depth = keys.members.depth
        func lineFeed(_ level: Int) -> [UInt8] { json.pretty ? [0x0A] + Array(repeating: 0x20, count: 2 * level) : [] }
        var pieces: [[UInt8]] = TransactionJSON.Keys.Member.allCases.map { keys.members.run($0.rawValue, comma: $0 != .id) }
        pieces.append(keys.source.run(0, comma: false))
        pieces.append(keys.source.run(1, comma: true))
        pieces.append(lineFeed(depth) + [0x7D])
        pieces.append(lineFeed(depth - 1) + [0x7D])
        pieces.append(lineFeed(depth + 1))
        pieces.append([0x2C] + lineFeed(depth + 1))
        pieces.append(lineFeed(depth) + [0x5D])
        var starts: [Int] = []
        var runs: [UInt8] = []
        for piece in pieces {
            starts.append(runs.count)
            runs += piece
        }
        starts.append(runs.count)
        self.runs = Runs(runs, starts: starts)
        // Every run, the brackets, and the widest id, day, amount, type and source line.
        fixedBound = runs.count + 8 + 2 * OutputCursor.numberBound + 12 + 2 * OutputCursor.numberBound + 12
    }

    /// Writes `row` as the twin writes it, named `accountName()` (asked for only when the
    /// account differs from the last row's).
    mutating func write(_ row: LedgerTransactionColumns, accountName: () -> String, into json: inout JSONWriter) {
        guard row.transaction == nil, row.day >= OutputCursor.firstDay, row.day <= OutputCursor.lastDay else {
            TransactionJSON.write(row, accountName: accountName(), keys: keys, into: &json)
            return
        }
        if account?.id != row.accountId { account = (row.accountId, Runs(Self.jsonString(accountName()), starts: [])) }
        if currency?.value != row.currency { currency = (row.currency, Runs(Self.jsonString(row.currency.code), starts: [])) }
        let texts = Texts(row)
        let tags = row.tags
        let runs = self.runs
        var tagBytes = 0
        for tag in tags {
            guard let length = Self.plainLength(tag) else { return twin(row, accountName, into: &json) }
            tagBytes += length + 2 + runs.count(.laterTag)
        }
        guard let textBytes = texts.plainLength, let account = account?.json, let currency = currency?.json else {
            return twin(row, accountName, into: &json)
        }
        let category = row.category
        var categoryBytes = 4
        if let text = category {
            guard let length = Self.plainLength(text) else { return twin(row, accountName, into: &json) }
            categoryBytes = length + 2
        }
        let bound = fixedBound + account.all.count + currency.all.count + textBytes + categoryBytes + tagBytes
        guard bound <= BufferedOutput.capacity else { return twin(row, accountName, into: &json) }
        records += 1
        let (id, day, amount, type, line) = (row.id, row.day, row.amount, row.type, row.sourceLine)
        json.element(maximum: bound) { base in
            var out = OutputCursor(base)
            out.byte(0x7B)
            out.copy(runs, .id); out.decimal(id)
            out.copy(runs, .account); out.copy(account.all)
            out.copy(runs, .date); out.byte(0x22); out.day(day); out.byte(0x22)
            out.copy(runs, .amount); out.byte(0x22); out.amount(amount); out.byte(0x22)
            out.copy(runs, .currency); out.copy(currency.all)
            out.copy(runs, .payee); out.string(texts.payee)
            out.copy(runs, .memo); out.string(texts.memo)
            out.copy(runs, .category)
            if var text = category { text.withUTF8 { out.string($0) } } else { out.copy(Self.null) }
            out.copy(runs, .tags)
            if tags.isEmpty { out.copy(Self.emptyArray) } else {
                out.byte(0x5B)
                var first = true
                for tag in tags {
                    out.copy(runs, first ? .firstTag : .laterTag)
                    first = false
                    var tag = tag
                    tag.withUTF8 { out.string($0) }
                }
                out.copy(runs, .tagsClose)
            }
            out.copy(runs, .project); out.string(texts.project)
            out.copy(runs, .place); out.string(texts.place)
            out.copy(runs, .type); out.byte(0x22); out.copy(Self.typeName(type)); out.byte(0x22)
            out.copy(runs, .splits); out.copy(Self.emptyArray)
            out.copy(runs, .originalPayee); out.string(texts.originalPayee)
            out.copy(runs, .notes); out.string(texts.notes)
            out.copy(runs, .bankId); out.string(texts.bankId)
            if let file = texts.sourceFile {
                out.copy(runs, .source); out.byte(0x7B)
                out.copy(runs, .sourceFile); out.string(file)
                out.copy(runs, .sourceLine)
                if let line { out.decimal(Int64(line)) } else { out.copy(Self.null) }
                out.copy(runs, .sourceClose)
            }
            out.copy(runs, .close)
            precondition(out.written <= bound, "a transaction's record outgrew its bound")
            return out.written
        }
    }

    /// The row through the twin.
    private func twin(_ row: LedgerTransactionColumns, _ accountName: () -> String, into json: inout JSONWriter) {
        TransactionJSON.write(row, accountName: accountName(), keys: keys, into: &json)
    }

    /// The text fields of a row, each read once.
    private struct Texts {
        let payee, memo, project, place, originalPayee, notes, bankId, sourceFile: UnsafeBufferPointer<UInt8>?

        init(_ row: LedgerTransactionColumns) {
            payee = row.bytes(.payee)
            memo = row.bytes(.memo)
            project = row.bytes(.project)
            place = row.bytes(.place)
            originalPayee = row.bytes(.originalPayee)
            notes = row.bytes(.notes)
            bankId = row.bytes(.bankId)
            sourceFile = row.bytes(.sourceFile)
        }

        /// The bytes the fields take as JSON strings or `null`; nil when one needs escaping.
        var plainLength: Int? {
            var total = 0
            var plain = true
            func add(_ field: UnsafeBufferPointer<UInt8>?) {
                guard let field else { total += 4; return }
                if !JSONEscaping.isPlainASCII(field) { plain = false }
                total += field.count + 2
            }
            add(payee); add(memo); add(project); add(place); add(originalPayee); add(notes); add(bankId); add(sourceFile)
            return plain ? total : nil
        }
    }

    /// The UTF-8 length of `text` when it needs no escaping; nil otherwise.
    private static func plainLength(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { JSONEscaping.isPlainASCII($0) ? $0.count : nil }
    }

    /// `text` as a JSON string.
    private static func jsonString(_ text: String) -> [UInt8] {
        let sink = CollectedBytes()
        var output = BufferedOutput(sink)
        JSONEscaping.write(text, into: &output)
        output.flush()
        return sink.bytes
    }

    /// Bytes made once and kept in one allocation, in runs (or one run, ``all``, when no starts
    /// are given), read through pointers.
    ///
    /// Not `Sendable`: one stream's.
    fileprivate final class Runs {
        let storage: UnsafeMutableBufferPointer<UInt8>
        let starts: UnsafeMutableBufferPointer<Int>

        init(_ bytes: [UInt8], starts: [Int]) {
            storage = .allocate(capacity: max(1, bytes.count))
            _ = storage.initialize(from: bytes)
            let ends = starts.isEmpty ? [0, bytes.count] : starts
            self.starts = .allocate(capacity: ends.count)
            _ = self.starts.initialize(from: ends)
            if bytes.isEmpty { self.starts[self.starts.count - 1] = 0 }
        }

        deinit {
            storage.deallocate()
            starts.deallocate()
        }

        /// Every byte.
        var all: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage.baseAddress, count: starts[starts.count - 1]) }

        /// The bytes of `run`.
        func bytes(_ run: Run) -> UnsafeRawBufferPointer {
            let start = starts[run.rawValue]
            return UnsafeRawBufferPointer(start: storage.baseAddress! + start, count: starts[run.rawValue + 1] - start)
        }

        func count(_ run: Run) -> Int { starts[run.rawValue + 1] - starts[run.rawValue] }
    }

    private static func typeName(_ type: TransactionType) -> UnsafeRawBufferPointer {
        switch type {
        case .income: return bytes("income")
        case .expense: return bytes("expense")
        case .transfer: return bytes("transfer")
        }
    }

    private static var null: UnsafeRawBufferPointer { bytes("null") }
    private static var emptyArray: UnsafeRawBufferPointer { bytes("[]") }

    private static func bytes(_ text: StaticString) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
}

private extension OutputCursor {
    /// The bytes of `run`.
    mutating func copy(_ runs: TransactionRowJSON.Runs, _ run: TransactionRowJSON.Run) { copy(runs.bytes(run)) }

    /// `bytes` between quotes, or `null` when nil: text that needs no escaping.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?) {
        guard let bytes else { copy(UnsafeRawBufferPointer(start: ("null" as StaticString).utf8Start, count: 4)); return }
        byte(0x22)
        copy(bytes)
        byte(0x22)
    }
}
