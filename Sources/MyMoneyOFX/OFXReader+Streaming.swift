import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension OFXReader {
    /// Reads an OFX file without holding it, or its transactions, in memory: each transaction is
    /// handed to `each` (with the account of its statement) as soon as it is read, and the result
    /// holds the statements without their transactions (account, period, balances, fields) and
    /// every diagnostic. Memory stays about the same whatever the file's size.
    ///
    /// The file is read with `read(2)` a megabyte at a time (never mapped: a mapped file that
    /// another program truncates mid-read ends the process); libxml2 gets XML bodies a few KB at
    /// a time. A file that shrinks while it is read ends early with an `ofx.file.changed` error
    /// (the transactions handed out until then stay handed out: check the diagnostics). A file
    /// whose text must be transcoded first (Windows-1252 or Latin-1 bytes above 0x7F, UTF-16) is
    /// read into memory as ``read(_:file:options:)`` does, then handed out the same way. The
    /// result carries no `source` text. `file` names the file in diagnostics and statements (its
    /// last path component when nil).
    ///
    /// ```swift
    /// var total = Amount.zero
    /// let result = OFXReader().read(fileAt: "/tmp/big.ofx", options: ReadOptions()) { transaction, account in
    ///     total = (try? total + transaction.amount) ?? total
    /// }
    /// ```
    public func read(fileAt path: String, file name: String? = nil, options: ReadOptions,
                     each: (StatementTransaction, StatementAccount) -> Void) -> ReadResult {
        read(fileAt: path, file: name, options: options, chunk: 1 << 20, each: each)
    }

    /// ``read(fileAt:file:options:each:)`` reading `chunk` bytes at a time (tests use small ones).
    func read(fileAt path: String, file name: String? = nil, options: ReadOptions, chunk: Int,
              each: (StatementTransaction, StatementAccount) -> Void,
              ended: ((Statement) -> Void)? = nil) -> ReadResult {
        let file = name ?? (path as NSString).lastPathComponent
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else {
            if descriptor >= 0 { close(descriptor) }
            return readWhole(path, file: file, options: options, each, ended)   // unreadable, empty or not a plain file
        }
        defer { close(descriptor) }
        return withoutActuallyEscaping(each) { each in
            guard let ended else {
                return stream(descriptor, size: Int(info.st_size), path: path, file: file, options: options, chunk: chunk, each: each, ended: nil)
            }
            return withoutActuallyEscaping(ended) { ended in
                stream(descriptor, size: Int(info.st_size), path: path, file: file, options: options, chunk: chunk, each: each, ended: ended)
            }
        }
    }

    /// The file read into memory, then handed out (or the error that says why it cannot be read).
    private func readWhole(_ path: String, file: String, options: ReadOptions,
                           _ each: (StatementTransaction, StatementAccount) -> Void,
                           _ ended: ((Statement) -> Void)?) -> ReadResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            return ReadResult(diagnostics: [.error("ofx.file", "the file cannot be read: \(path)", file: file)])
        }
        return handOut(read(Array(data), file: file, options: options), each, ended)
    }

    private func stream(_ descriptor: Int32, size: Int, path: String, file: String, options: ReadOptions, chunk: Int,
                        each: @escaping (StatementTransaction, StatementAccount) -> Void,
                        ended: ((Statement) -> Void)?) -> ReadResult {
        // The header, from the first megabyte (after a byte order mark).
        let (head, start, whole) = { () -> ([UInt8], Int, Bool) in
            let first = TextWindow(file: descriptor, size: size, start: 0, chunk: 1 << 20)
            let hadBOM = first.bytes.count >= 3 && first.bytes[0] == 0xEF && first.bytes[1] == 0xBB && first.bytes[2] == 0xBF
            return (Array(first.bytes[(hadBOM ? 3 : 0)...]), hadBOM ? 3 : 0, first.atEnd)
        }()
        let header: OFXHeader
        switch head.withUnsafeBufferPointer({ readHeader($0, file: file) }) {
        case .success(let h): header = h
        case .failure(let d):
            guard whole || !head.withUnsafeBufferPointer({ OFXReader.headerMayGoOn($0, header: nil) }) else {
                return readWhole(path, file: file, options: options, each, ended)
            }
            return ReadResult(diagnostics: [d])
        }
        if !whole && head.withUnsafeBufferPointer({ OFXReader.headerMayGoOn($0, header: header) }) {
            return readWhole(path, file: file, options: options, each, ended)   // a header of more than a megabyte
        }

        // What the whole text says about its encoding, a chunk at a time.
        let window = TextWindow(file: descriptor, size: size, start: start, chunk: chunk)
        let facts = TextFacts(window)
        if let changed = OFXReader.changed(window, size: size, start: start, file: file) { return ReadResult(diagnostics: [changed]) }
        if let nul = facts.firstNUL {
            // Its line and column: the window read again from the start, lines counted up to it.
            window.restart()
            var lines = LineCursor(window)
            while nul >= window.base + window.bytes.count {
                let reached = window.base + window.bytes.count
                lines.advance(to: reached)
                guard window.refill(keepingFrom: reached) else { break }
            }
            return ReadResult(diagnostics: [.error("ofx.encoding", "the file holds binary data (a NUL byte), not OFX text", file: file,
                                                   at: lines.position(ofOffset: nul))])
        }
        let choice = encoding(header: header, options: options, ascii: facts.ascii, validUTF8: facts.validUTF8, file: file)
        guard !choice.needsTranscoding else { return readWhole(path, file: file, options: options, each, ended) }
        var diagnostics = choice.notes

        // The body, from the start again.
        window.restart()
        var builder = OFXStatementBuilder(file: file, options: options, sizeHint: size)
        builder.sink = each
        if let ended {
            let encoding = choice.encoding
            builder.statementSink = { statement, hasIntuitBankId in
                var statement = statement
                self.stamp(&statement, header: header, encoding: encoding, file: file, hasIntuitBankId: hasIntuitBankId)
                ended(statement)
            }
        }
        head.withUnsafeBufferPointer { head in
            readBody(window, head: head, header: header, file: file, builder: &builder, diagnostics: &diagnostics)
        }
        if let changed = OFXReader.changed(window, size: size, start: start, file: file) { diagnostics.append(changed) }
        var result = statements(builder, header: header, encoding: choice.encoding, file: file, diagnostics: diagnostics)
        if ended != nil, result.diagnostics.contains(where: { $0.position != nil }) {
            // The statement stream renders diagnostics as the whole read does, with their lines:
            // the text (read again, only for a file with such diagnostics) is the file after its BOM.
            if let data = FileManager.default.contents(atPath: path), data.count >= start {
                result.source = SourceFile(name: file, text: Array(data.dropFirst(start)))
            }
        }
        return result
    }

    /// The error for a file that became shorter while it was read, if it did.
    static func changed(_ window: TextWindow, size: Int, start: Int, file: String) -> Diagnostic? {
        guard let end = window.shrank else { return nil }
        return .error("ofx.file.changed",
                      "the file changed while it was read: it ended after \(end + start) bytes, but had \(size) when reading began; what came after is missing",
                      file: file, notes: ["another program truncated or rewrote the file; read it again once it is complete"])
    }

    /// Whether a header read from the first part of a file might have read differently from the
    /// whole file: it ran into the end of that part (blank lines, a header value scan, an
    /// unclosed `<?…?>`).
    static func headerMayGoOn(_ head: UnsafeBufferPointer<UInt8>, header: OFXHeader?) -> Bool {
        let margin = 64
        if OFXHeader.contentStart(head) + margin >= head.count { return true }
        guard let header else { return false }
        if header.bodyStart + margin >= head.count { return true }
        return header.style == .xml && OFXHeader.hasPrefix(head, at: header.bodyStart, "<?")
    }

    /// Hands a whole result's transactions to `each` (and each statement after its transactions
    /// to `ended`) and keeps the rest.
    private func handOut(_ read: ReadResult, _ each: (StatementTransaction, StatementAccount) -> Void,
                         _ ended: ((Statement) -> Void)?) -> ReadResult {
        var result = read
        for i in result.statements.indices {
            for t in result.statements[i].transactions { each(t, result.statements[i].account) }
            result.statements[i].transactions = []
            ended?(result.statements[i])
        }
        if ended == nil { result.source = nil }   // the statement stream keeps it to render diagnostics
        return result
    }
}

/// What a scan of the whole text says about its encoding, found a window at a time.
struct TextFacts {
    var firstNUL: Int?
    var ascii = true
    var validUTF8 = true

    /// Scans the window's text from its start to its end (the window is left at the end).
    init(_ window: TextWindow) {
        while true {
            let text = window.bytes
            var end = text.count
            if !window.atEnd {
                // End on the first byte of a character, so no UTF-8 sequence is cut in two.
                end = max(0, text.count - 4)
                var back = 0
                while end > 0, back < 3, text[end] & 0xC0 == 0x80 { end -= 1; back += 1 }
            }
            let piece = UnsafeBufferPointer(rebasing: text[0..<end])
            if firstNUL == nil, let base = piece.baseAddress, let p = memchr(base, 0, piece.count) {
                firstNUL = window.base + base.distance(to: p.assumingMemoryBound(to: UInt8.self))
                return
            }
            if ascii && !OFXReader.isASCII(piece) { ascii = false }
            if !ascii && validUTF8 && !TextDecoder.isValidUTF8(piece) { validUTF8 = false }
            if window.atEnd { return }
            window.refill(keepingFrom: window.base + end)
        }
    }
}
