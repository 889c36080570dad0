import Foundation

/// The lock that lets one process at a time change an encrypted ledger: `flock(2)` on a hidden
/// file beside it (`.NAME.lock`), held from the moment the ledger is read until it has been
/// written back and closed.
///
/// An encrypted ledger lives in memory while a command runs, so SQLite's own file locks cannot
/// keep two writers apart; without this lock the second to write back would silently undo the
/// first. The kernel releases the lock when the process ends, however it ends, so a killed
/// command never leaves the ledger locked. The lock file stays (removing it would let two
/// processes lock two different files).
///
/// Not `Sendable`: it owns a file descriptor.
package final class LedgerLock {
    private let fd: Int32

    /// The lock file of the ledger at `path`.
    package static func path(for ledger: String) -> String {
        let url = URL(fileURLWithPath: ledger)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock").path
    }

    /// Takes the lock, waiting up to `timeout` seconds for another process to let it go.
    ///
    /// - Throws: ``LedgerError`` `busy` when it is still held after `timeout`, `storage` when
    ///   the lock file cannot be created.
    package init(for ledger: String, timeout: Double) throws(LedgerError) {
        let path = Self.path(for: ledger)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LedgerError(.storage, "cannot create the lock file \(path)", detail: String(cString: strerror(errno)))
        }
        let deadline = Date().addingTimeInterval(max(0, timeout))
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK, Date() < deadline else {
                close(fd)
                if code == EWOULDBLOCK {
                    throw LedgerError(.busy, "the ledger is busy: another mymoney process is using it; try again")
                }
                throw LedgerError(.storage, "cannot lock \(path)", detail: String(cString: strerror(code)))
            }
            usleep(20_000)
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
