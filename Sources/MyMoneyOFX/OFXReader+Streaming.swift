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
    /// The file is mapped, not read, and the pages already read are given back as reading moves
    /// on; libxml2 gets XML bodies a few KB at a time. A file whose text must be transcoded first
    /// (Windows-1252 or Latin-1 bytes above 0x7F, UTF-16) is read into memory as ``read(_:file:options:)``
    /// does, then handed out the same way. The result carries no `source` text. `file` names the
    /// file in diagnostics and statements (its last path component when nil).
    ///
    /// ```swift
    /// var total = Amount.zero
    /// let result = OFXReader().read(fileAt: "/tmp/big.ofx", options: ReadOptions()) { transaction, account in
    ///     total = (try? total + transaction.amount) ?? total
    /// }
    /// ```
    public func read(fileAt path: String, file name: String? = nil, options: ReadOptions,
                     each: (StatementTransaction, StatementAccount) -> Void) -> ReadResult {
        let file = name ?? (path as NSString).lastPathComponent
        guard let mapping = MappedFile(path: path) else {
            // Unreadable, empty or not mappable: read it whole (or report why not).
            guard let data = FileManager.default.contents(atPath: path) else {
                return ReadResult(diagnostics: [.error("ofx.file", "the file cannot be read: \(path)", file: file)])
            }
            return handOut(read(Array(data), file: file, options: options), each)
        }
        return withoutActuallyEscaping(each) { each in
            mapping.withBytes { bytes in stream(bytes, mapping: mapping, file: file, options: options, each: each) }
        }
    }

    private func stream(_ bytes: UnsafeBufferPointer<UInt8>, mapping: MappedFile, file: String, options: ReadOptions,
                        each: @escaping (StatementTransaction, StatementAccount) -> Void) -> ReadResult {
        let hadBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let raw = UnsafeBufferPointer(rebasing: bytes[(hadBOM ? 3 : 0)...])
        let header: OFXHeader
        switch readHeader(raw, file: file) {
        case .success(let h): header = h
        case .failure(let d): return ReadResult(diagnostics: [d])
        }
        var diagnostics: [Diagnostic] = []
        let facts = TextFacts(raw, release: { mapping.release(upTo: $0 + (hadBOM ? 3 : 0)) })
        if let nul = facts.firstNUL {
            var lines = LineCursor(raw)   // released pages come back from the file
            return ReadResult(diagnostics: [.error("ofx.encoding", "the file holds binary data (a NUL byte), not OFX text", file: file,
                                                   at: lines.position(ofOffset: nul))])
        }
        let choice = encoding(header: header, options: options, ascii: facts.ascii, validUTF8: facts.validUTF8, file: file)
        guard !choice.needsTranscoding else {
            return handOut(read(Array(bytes), file: file, options: options), each)
        }
        diagnostics += choice.notes
        mapping.rewind()   // the body is read from the start again
        var builder = OFXStatementBuilder(file: file, options: options)
        builder.sink = each
        readBody(raw, header: header, file: file, builder: &builder, diagnostics: &diagnostics,
                 progress: { mapping.release(upTo: $0 + (hadBOM ? 3 : 0)) })
        return statements(builder, header: header, encoding: choice.encoding, file: file, diagnostics: diagnostics)
    }

    /// Hands a whole result's transactions to `each` and keeps the rest.
    private func handOut(_ read: ReadResult, _ each: (StatementTransaction, StatementAccount) -> Void) -> ReadResult {
        var result = read
        for i in result.statements.indices {
            for t in result.statements[i].transactions { each(t, result.statements[i].account) }
            result.statements[i].transactions = []
        }
        result.source = nil
        return result
    }
}

/// What a scan of the whole text says about its encoding, found a few MB at a time.
struct TextFacts {
    var firstNUL: Int?
    var ascii = true
    var validUTF8 = true

    /// Scans `text`; `release` hears how far the scan has come (so pages can be given back).
    init(_ text: UnsafeBufferPointer<UInt8>, release: (Int) -> Void) {
        let step = 4 << 20
        var start = 0
        var chunk: [UInt8] = []
        chunk.reserveCapacity(step + 4)
        while start < text.count {
            var end = min(text.count, start + step)
            // End on the first byte of a character, so no UTF-8 sequence is cut in two.
            var back = 0
            while end < text.count, back < 3, text[end] & 0xC0 == 0x80 { end -= 1; back += 1 }
            if end <= start { end = min(text.count, start + step) }
            let piece = UnsafeBufferPointer(rebasing: text[start..<end])
            if firstNUL == nil, let base = piece.baseAddress, let p = memchr(base, 0, piece.count) {
                firstNUL = start + base.distance(to: p.assumingMemoryBound(to: UInt8.self))
                return
            }
            chunk.removeAll(keepingCapacity: true)
            chunk.append(contentsOf: piece)
            if ascii && !OFXReader.isASCII(chunk) { ascii = false }
            if !ascii && validUTF8 && !TextDecoder.isValidUTF8(chunk) { validUTF8 = false }
            start = end
            release(start)
        }
    }
}

/// A file mapped read-only into memory; pages already read are given back to the system
/// (``release(upTo:)``), so the process's resident memory does not grow with the file.
final class MappedFile {
    private let base: UnsafeMutableRawPointer
    let count: Int
    private var released = 0
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Nil when the file cannot be opened, is empty, or cannot be mapped.
    init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        base = p
        count = size
    }

    deinit { munmap(base, count) }

    /// Starts giving pages back from the start again (before a second pass over the file).
    func rewind() {
        if released > 0 { _ = madvise(base, released, Int32(MADV_DONTNEED)) }
        released = 0
    }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// Gives back the pages more than 1 MB before `offset` (8 MB at a time). Reading them again
    /// later is still correct: they come back from the file.
    func release(upTo offset: Int) {
        let keep = 1 << 20
        let end = (min(offset, count) - keep) & ~(MappedFile.pageSize - 1)
        guard end - released >= 8 << 20 else { return }
        _ = madvise(base + released, end - released, Int32(MADV_DONTNEED))
        released = end
    }
}
