import Foundation
import MyMoneyStore

/// The ledger file as a file: building a new one aside and putting it in place without ever
/// replacing another.
enum LedgerFile {
    enum Publication: Equatable {
        case published
        /// A ledger appeared at the path meanwhile; the one built aside was not put there.
        case taken
        case failed(String)
    }

    /// A hidden name beside `path` that no other process uses (`.ledger.sqlite.new-4711-…`).
    /// Leftovers of killed processes beside `path` are removed first (``LeftoverAsides``).
    static func asidePath(for path: String) -> String {
        LeftoverAsides.remove(beside: path)
        return LeftoverAsides.name(for: path)
    }

    /// Gives the closed ledger file `aside` the name `path`, unless something is there already
    /// (`link(2)` never replaces a file, unlike `rename(2)`).
    static func publish(_ aside: String, at path: String) -> Publication {
        if link(aside, path) == 0 { return .published }
        let code = errno
        if code == EEXIST { return .taken }
        return .failed(String(cString: strerror(code)))
    }

    /// Removes a ledger file this process alone knows (a scratch or aside copy) with its SQLite
    /// companions (`-wal`, `-shm`, `-journal`). Never used on a ledger others may have opened.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
