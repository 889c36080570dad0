import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file mapped read-only into memory, whose pages are given back to the kernel as reading
/// moves past them, so a streamed read's resident memory stays flat whatever the file's size.
///
/// A resource with a lifetime: `final`, unmapped in `deinit`, not `Sendable`.
final class CAMTMappedFile {
    private let base: UnsafeMutableRawPointer
    let count: Int
    private var released = 0
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps `path`; nil for a file that cannot be opened, is empty or cannot be mapped.
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

    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Starts giving pages back from the start again (before a second pass over the file).
    func rewind() {
        if released > 0 { _ = madvise(base, released, Int32(MADV_DONTNEED)) }
        released = 0
    }

    /// Gives back the pages more than 1 MB before `offset`, 8 MB at a time; reading them again
    /// later is still correct (they come back from the file).
    func release(upTo offset: Int) {
        let end = (min(offset, count) - (1 << 20)) & ~(CAMTMappedFile.pageSize - 1)
        guard end - released >= 8 << 20 else { return }
        _ = madvise(base + released, end - released, Int32(MADV_DONTNEED))
        released = end
    }
}

/// Checking bytes for UTF-8 without copying them into an array: the pointer twin of
/// ``TextDecoder/isValidUTF8(_:)``, compared with it in `CAMTUTF8Tests`.
enum CAMTUTF8 {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (overlongs,
    /// surrogates and code points past U+10FFFF refused), or nil.
    ///
    /// - Complexity: O(n); ASCII runs eight bytes at a time.
    static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var i = 0
        while i < n {
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { return nil }
            let c = base[i]
            if c < 0x80 { i += 1; continue }
            let need: Int, minimum: UInt32
            var value: UInt32
            if c & 0xE0 == 0xC0 { need = 1; minimum = 0x80; value = UInt32(c & 0x1F) }
            else if c & 0xF0 == 0xE0 { need = 2; minimum = 0x800; value = UInt32(c & 0x0F) }
            else if c & 0xF8 == 0xF0 { need = 3; minimum = 0x10000; value = UInt32(c & 0x07) }
            else { return i }
            guard i + need < n else { return i }
            for k in 1...need {
                let d = base[i + k]
                guard d & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(d & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return i }
            i += need + 1
        }
        return nil
    }
}
