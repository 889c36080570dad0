import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The hidden files a killed writer leaves beside a ledger: `.NAME.new-PID-XXXXXXXX` (and its
/// SQLite companions), built aside and never put in place because the process died first.
///
/// Nothing reads them, but they hold a whole copy of the books (possibly unencrypted, for a new
/// ledger) and would pile up. A writer removes those whose process is gone before it writes; a
/// file of a process that still runs (another import building a new ledger right now) is never
/// touched, whatever its age.
package enum LeftoverAsides {
    /// The aside name for `path` owned by this process (unique: PID and 8 random characters).
    package static func name(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).new-\(getpid())-\(UUID().uuidString.prefix(8))").path
    }

    /// Removes the leftovers of dead processes beside `path`; returns their names (for tests and
    /// notes). Best effort: an unreadable folder removes nothing.
    @discardableResult
    package static func remove(beside path: String) -> [String] {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).new-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = owner(of: name.dropFirst(prefix.count)), !isRunning(pid) else { continue }
            if unlink(folder + "/" + name) == 0 { removed.append(name) }
        }
        return removed.sorted()
    }

    /// The PID in `PID-XXXXXXXX[-wal|-shm|-journal]`, nil when the rest is not of that shape.
    static func owner(of rest: Substring) -> pid_t? {
        let parts = rest.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[1].count == 8, let pid = pid_t(parts[0]), pid > 0 else { return nil }
        if parts.count == 3, !["wal", "shm", "journal"].contains(parts[2]) { return nil }
        return pid
    }

    /// Whether a process with this id exists (one we may not signal still exists).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
