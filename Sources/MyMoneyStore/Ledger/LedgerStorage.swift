import Foundation

/// Where an open ledger's database lives.
enum LedgerStorage {
    /// A SQLite file, and which file it was when opened (to notice it being replaced).
    case file(FileIdentity?)
    /// Memory, written back to an encrypted file.
    case sealed(SealedState)
    /// Memory, not on disk yet: a new ledger being set up.
    case unpublished(UnpublishedState)
}

/// What an open encrypted ledger needs to write itself back, and whether it has to.
///
/// Not `Sendable`: it belongs to its ledger.
final class SealedState {
    /// The header and data key the ledger was opened with.
    let file: SealedLedgerFile
    /// Held from the open until the ledger is released (nil when opened read-only).
    let lock: LedgerLock?
    /// The connection's commit count when the ledger was last written back.
    var savedCommits: Int
    /// How many ``Ledger/holdingWriteBack(_:)`` scopes are open: commits inside them are written back once, at the end.
    var holds = 0
    /// Whether each outermost commit is written back at once (else only ``Ledger/save()`` does).
    var writesBackEachCommit = true
    /// Why nothing more may be written: a write-back failed (memory and file differ now), or
    /// the file was replaced by a decrypted copy.
    var failure: LedgerError?
    /// Hears the plain bytes written after each chunk of a write-back.
    var progress: ((Int, Int) -> Void)?

    init(file: SealedLedgerFile, lock: LedgerLock?, savedCommits: Int) {
        self.file = file
        self.lock = lock
        self.savedCommits = savedCommits
    }
}

/// A new ledger's state before it is published: only that it may not be written after.
final class UnpublishedState {
    var published = false
}

/// Which file a path names (device and inode): a file renamed over the path is another file.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
