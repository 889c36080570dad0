import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The text a body reader reads, addressed by byte offsets from the start of the text: either
/// all of it in memory, or a window onto a file that is read with `read(2)` a chunk at a time.
///
/// A file is read, never mapped: a mapped file that another program truncates while it is read
/// ends the process (SIGBUS on the first page past the new end). Read, a file that shrinks just
/// ends early, and ``shrank`` says so (the reader reports it; nothing crashes).
///
/// The window holds the bytes from ``base`` to ``base`` + `bytes.count`; ``refill(keepingFrom:)``
/// drops the bytes before an offset the reader still needs (the token it is in) and reads more
/// after the rest. A token longer than the window makes it grow (a hostile file with one huge
/// value costs memory for that value, as a whole read does). Memory otherwise stays at about one
/// chunk (1 MB unless given) whatever the file's size.
///
/// A class because it owns a buffer (released in `deinit`); the file descriptor stays its
/// opener's to close. One window per pass, not `Sendable`.
final class TextWindow {
    /// The offset (in the text) of `bytes[0]`.
    private(set) var base = 0
    /// The window's bytes: valid until the next ``refill(keepingFrom:)`` or ``restart()``.
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    /// The text's length: the file's size when it was opened.
    let total: Int
    /// The offset in the file where the text starts (after a byte order mark).
    private let start: Int
    private let descriptor: Int32
    private var buffer: UnsafeMutablePointer<UInt8>?
    private var capacity: Int
    private let chunk: Int
    /// Where the file ended before ``total`` bytes were read, when it shrank while being read.
    private(set) var shrank: Int?

    /// Whether the window reaches the end of the text (nothing more will come).
    var atEnd: Bool { base + bytes.count >= total || shrank != nil }

    /// The whole text, in memory (it must outlive the window): one window, never refilled.
    init(memory: UnsafeBufferPointer<UInt8>) {
        bytes = memory
        total = memory.count
        start = 0
        descriptor = -1
        buffer = nil
        capacity = 0
        chunk = 0
    }

    /// A window onto the text of an open file from byte `start` (the caller keeps the file open
    /// while the window is used, and closes it; `size` is its size when opened), `chunk` bytes at a time; the first window
    /// holds at least `first` bytes (when the file has them).
    init(file descriptor: Int32, size: Int, start: Int, chunk: Int = 1 << 20, first: Int = 0) {
        self.descriptor = descriptor
        self.start = start
        total = max(0, size - start)
        self.chunk = max(chunk, 64)
        capacity = max(self.chunk, first) + 64
        buffer = .allocate(capacity: capacity)
        bytes = UnsafeBufferPointer(start: buffer, count: 0)
        _ = fill(to: max(self.chunk, first))
    }

    deinit { buffer?.deallocate() }

    /// Drops the bytes before `keep` (an offset in the text, at least ``base``) and reads up to a
    /// chunk more; false when nothing more came (the end of the text, or of a file that shrank).
    @discardableResult
    func refill(keepingFrom keep: Int) -> Bool {
        guard descriptor >= 0, !atEnd, let buffer else { return false }
        let drop = min(max(0, keep - base), bytes.count)
        let kept = bytes.count - drop
        if drop > 0 { buffer.update(from: buffer + drop, count: kept) }
        base += drop
        bytes = UnsafeBufferPointer(start: buffer, count: kept)
        return fill(to: kept + max(chunk, kept))   // a token longer than a chunk: the window doubles
    }

    /// Goes back to the start of the text (a second pass over it).
    func restart() {
        guard descriptor >= 0, buffer != nil else { return }
        base = 0
        bytes = UnsafeBufferPointer(start: buffer, count: 0)
        shrank = nil
        _ = fill(to: chunk)
    }

    /// Reads until the window holds `count` bytes (growing the buffer if needed), the text ends
    /// or the file does; whether anything was read.
    private func fill(to count: Int) -> Bool {
        if count > capacity, let old = buffer {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 64)
            grown.update(from: old, count: bytes.count)
            old.deallocate()
            buffer = grown
            capacity = count + 64
        }
        guard let buffer else { return false }
        var have = bytes.count
        let want = min(count, total - base)
        var any = false
        while have < want {
            let n = pread(descriptor, buffer + have, want - have, off_t(start + base + have))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { shrank = base + have; break }
            have += n
            any = true
        }
        bytes = UnsafeBufferPointer(start: buffer, count: have)
        return any
    }

    /// Reads the text after the window, from offset `from`, a chunk at a time, handing each piece
    /// (and its offset) to `body` until it returns a result; the window itself does not move.
    /// Pieces overlap by `overlap` bytes, so a pattern of up to that length is never cut.
    func scanAhead<R>(from: Int, overlap: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> R?) -> R? {
        if descriptor < 0 {
            guard from < total else { return nil }
            return body(UnsafeBufferPointer(rebasing: bytes[from...]), from)
        }
        let size = max(chunk, overlap * 2 + 64)
        let piece = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { piece.deallocate() }
        var at = from
        while at < total {
            let want = min(size, total - at)
            var have = 0
            while have < want {
                let n = pread(descriptor, piece + have, want - have, off_t(start + at + have))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                have += n
            }
            if have == 0 { return nil }
            if let found = body(UnsafeBufferPointer(start: piece, count: have), at) { return found }
            if have < want || at + have >= total { return nil }
            at += max(1, have - overlap)
        }
        return nil
    }
}
