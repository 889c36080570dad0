import Foundation

/// Reading and writing whole buffers through a file descriptor, retrying short transfers and
/// interrupted calls.
enum FileBytes {
    /// Reads up to `count` bytes into `buffer`; fewer only at the end of the file.
    ///
    /// - Throws: ``LedgerError`` `storage` with the system's reason.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String) throws(LedgerError) -> Int {
        var done = 0
        while done < count {
            let n = Foundation.read(fd, buffer + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw LedgerError(.storage, "cannot read the ledger at \(path)", detail: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Up to `count` bytes as an array; fewer only at the end of the file.
    static func read(_ fd: Int32, count: Int, path: String) throws(LedgerError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let n = try withMutableBytes(&bytes) { (buffer) throws(LedgerError) in try read(fd, into: buffer.baseAddress!, count: count, path: path) }
        return Array(bytes.prefix(n))
    }

    /// Writes all of `bytes`.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(LedgerError) {
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw writeError(path)
            }
            done += n
        }
    }

    static func write(_ fd: Int32, _ bytes: [UInt8], path: String) throws(LedgerError) {
        try withBytes(bytes) { (buffer) throws(LedgerError) in try write(fd, buffer, path: path) }
    }

    /// `body` over an array's bytes, keeping the error's type (Array's own methods rethrow it as `any Error`).
    static func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(LedgerError) -> R) throws(LedgerError) -> R {
        let result: Result<R, LedgerError> = bytes.withUnsafeBytes { buffer in Result { () throws(LedgerError) in try body(buffer) } }
        return try result.get()
    }

    /// `body` over an array's bytes, to change them, keeping the error's type.
    static func withMutableBytes<R>(_ bytes: inout [UInt8], _ body: (UnsafeMutableRawBufferPointer) throws(LedgerError) -> R) throws(LedgerError) -> R {
        let result: Result<R, LedgerError> = bytes.withUnsafeMutableBytes { buffer in Result { () throws(LedgerError) in try body(buffer) } }
        return try result.get()
    }

    /// The error for a failed write: a full disk said so.
    static func writeError(_ path: String) -> LedgerError {
        let code = errno
        if code == ENOSPC { return LedgerError(.storage, "the disk is full: the ledger at \(path) was not changed") }
        return LedgerError(.storage, "cannot write the ledger at \(path); it was not changed", detail: String(cString: strerror(code)))
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter; none when it cannot be read).
    static func prefix(of path: String, count: Int) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return (try? read(fd, count: count, path: path)) ?? []
    }
}
