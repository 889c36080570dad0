import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file mapped read-only into memory, whose pages are given back to the kernel as reading
/// moves past them, so a streamed read's resident memory stays flat whatever the file's size
/// (the file's resident pages count in a process's peak memory as its own would).
///
/// A resource with a lifetime: `final`, unmapped in `deinit`, not `Sendable`. Pages given back
/// and read again come back from the file: giving back is never wrong, only slower.
public final class MappedFile {
    private let base: UnsafeMutableRawPointer
    public let count: Int
    private var released = 0
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// The path mapped, and what its file was when it was mapped (see ``hasChanged``).
    public let path: String
    private let identity: FileIdentity

    /// Maps `path`; nil for a file that cannot be opened, is empty or cannot be mapped.
    public init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        base = p
        count = size
        self.path = path
        identity = FileIdentity(info)
    }

    /// Whether the file at ``path`` is no longer the file as it was mapped: another file (or
    /// none) in its place, or its size or modification time moved. A file written while
    /// it is read through a mapping gives a mix of old and new bytes; a reader checks this
    /// after reading and reports the file instead of trusting what it read (`csv.file.changed`,
    /// `camt.file.changed`). A file cut shorter while mapped can end the process (SIGBUS) before
    /// any check: this check does not guard against that.
    public var hasChanged: Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return FileIdentity(info) != identity
    }

    deinit { munmap(base, count) }

    public var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Starts giving pages back from the start again (before a second pass over the file).
    public func rewind() {
        if released > 0 { _ = madvise(base, released, Int32(MADV_DONTNEED)) }
        released = 0
    }

    /// Gives back the pages more than 1 MB before `offset`, 8 MB at a time.
    public func release(upTo offset: Int) {
        let end = (min(offset, count) - (1 << 20)) & ~(MappedFile.pageSize - 1)
        guard end - released >= 8 << 20 else { return }
        _ = madvise(base + released, end - released, Int32(MADV_DONTNEED))
        released = end
    }

    /// Gives back the pages that lie wholly inside `range` (a byte range of the file), wherever
    /// reading is: for a reader that goes back and forth a window at a time.
    public func release(_ range: Range<Int>) {
        let mask = MappedFile.pageSize - 1
        let start = (max(0, range.lowerBound) + mask) & ~mask
        let end = min(range.upperBound, count) & ~mask
        guard end > start else { return }
        _ = madvise(base + start, end - start, Int32(MADV_DONTNEED))
    }

    /// Whether the bytes from `start` on are well-formed UTF-8 (as ``TextDecoder/isValidUTF8(_:)``
    /// says of them) without NUL bytes, checked 16 MB at a time with the pages given back behind;
    /// call ``rewind()`` before reading again.
    public func isUTF8WithoutNUL(from start: Int) -> Bool {
        let bytes = self.bytes
        var k = start
        let chunk = 16 << 20
        while k < bytes.count {
            // Chunks end before a byte that continues a sequence, so none is cut in two.
            var end = min(bytes.count, k + chunk)
            while end < bytes.count, end > k, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if end == k { return false } // 16 MB of continuation bytes (this once looped for ever)
            let part = UnsafeBufferPointer(rebasing: bytes[k..<end])
            if !TextDecoder.isValidUTF8(part) { return false }
            if let base = part.baseAddress, memchr(base, 0, part.count) != nil { return false }
            k = end
            release(upTo: k)
        }
        return true
    }
}

/// What says a file is still the one it was: its device and inode, its size and the time of
/// its last write (not its change time, which a `chmod` or a new hard link moves too).
struct FileIdentity: Equatable {
    var device: UInt64, inode: UInt64, size: Int64
    var modified: Int64, modifiedNanoseconds: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }
}
