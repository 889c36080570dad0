internal import MyMoneySQLite

/// The files rows came from, each path kept once (``Migration/sourceFilesOnce``).
extension Ledger {
    /// The id of `path` in `source_files`, added when new.
    func sourceFileId(_ path: String) throws(LedgerError) -> Int64 {
        try db.statement("INSERT OR IGNORE INTO source_files (path) VALUES (?)").run([.text(path)])
        let ids = try db.statement("SELECT id FROM source_files WHERE path = ?").rows([.text(path)]) { $0.int64(0) }
        guard let id = ids.first else {
            throw LedgerError(.storage, "the source file \(path) was not stored", detail: nil)
        }
        return id
    }

    /// ``sourceFileId(_:)`` of a path that may be missing.
    func sourceFileId(_ path: String?) throws(LedgerError) -> Int64? {
        guard let path else { return nil }
        return try sourceFileId(path)
    }
}
