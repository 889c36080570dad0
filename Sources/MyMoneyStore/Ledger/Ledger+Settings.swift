/// The ledger's settings: text values by key. What the keys mean is the Kit's business.
extension Ledger {
    /// Every setting, by key.
    package func settings() throws(LedgerError) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in try db.statement("SELECT key, value FROM settings ORDER BY key").rows([], { ($0.text(0), $0.text(1)) }) {
            result[key] = value
        }
        return result
    }

    package func setting(_ key: String) throws(LedgerError) -> String? {
        try db.statement("SELECT value FROM settings WHERE key = ?").rows([.text(key)]) { $0.text(0) }.first
    }

    /// Sets `key` to `value`, or removes it when `value` is nil.
    package func setSetting(_ key: String, to value: String?) throws(LedgerError) {
        if let value {
            try db.statement("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
                .run([.text(key), .text(value)])
        } else {
            try db.statement("DELETE FROM settings WHERE key = ?").run([.text(key)])
        }
    }
}
