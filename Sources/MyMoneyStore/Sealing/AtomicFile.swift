import Foundation

/// Writing a ledger file whole: into a new hidden file beside it, flushed to the disk, then
/// given the ledger's name in one step, and the folder flushed so the new name survives a crash.
///
/// A process killed at any moment leaves either the old file or the new one under the name,
/// never a mix; at worst its hidden `.NAME.new-PID-…` file stays behind, and the next writer removes it
/// (``LeftoverAsides``).
enum AtomicFile {
    /// How the new file takes the ledger's name.
    enum Placement {
        /// `rename(2)`: replaces the file there (the ledger writing itself back).
        case replacing
        /// `link(2)`: never replaces a file; fails with ``LedgerError/Kind/duplicate`` when one
        /// appeared meanwhile (a new ledger).
        case onlyIfAbsent
    }

    /// Writes the file at `path` through `fill`, which gets the new file's descriptor.
    static func write(_ path: String, _ placement: Placement, _ fill: (Int32) throws(LedgerError) -> Void) throws(LedgerError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        LeftoverAsides.remove(beside: path)
        let aside = LeftoverAsides.name(for: path)
        let fd = open(aside, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileBytes.writeError(path) }
        var closed = false
        defer {
            if !closed { close(fd) }
            unlink(aside)
        }
        fchmod(fd, 0o600)
        try fill(fd)
        guard fsync(fd) == 0 else { throw FileBytes.writeError(path) }
        close(fd)
        closed = true
        switch placement {
        case .replacing:
            guard rename(aside, path) == 0 else { throw FileBytes.writeError(path) }
        case .onlyIfAbsent:
            if link(aside, path) != 0 {
                if errno == EEXIST { throw LedgerError(.duplicate, "a ledger appeared at \(path) meanwhile; it was left as it is") }
                throw FileBytes.writeError(path)
            }
        }
        syncFolder(folder)
    }

    /// Flushes a folder's entries (new names) to the disk; best effort, as some file systems refuse.
    static func syncFolder(_ folder: String) {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
