internal import MyMoneySQLite

/// Rows handed on one at a time, nothing collected.
extension PreparedStatement {
    /// Runs a query and calls `body` with each row (valid only during the call).
    ///
    /// - Complexity: O(1) memory beyond what `body` keeps.
    func eachRow(_ values: [SQLValue] = [], _ body: (PreparedStatement) throws(LedgerError) -> Void) throws(LedgerError) {
        reset()
        bind(values)
        defer { reset() }
        while try step() { try body(self) }
    }
}

extension PreparedStatement {
    /// A short text column (at most 8 bytes: a currency code, a transaction type) packed into an
    /// integer, without making a String; nil when longer.
    func packedShortText(_ column: Int32) -> UInt64? {
        guard let bytes = sqlite3_column_text(pointer, column) else { return 0 }
        let count = Int(sqlite3_column_bytes(pointer, column))
        guard count <= 8 else { return nil }
        var packed: UInt64 = 0
        for k in 0..<count { packed |= UInt64(bytes[k]) << (8 * UInt64(k)) }
        return packed
    }

    /// The text ``packedShortText(_:)`` packed.
    static func unpackShortText(_ packed: UInt64) -> String {
        var bytes: [UInt8] = []
        var rest = packed
        while rest != 0 { bytes.append(UInt8(rest & 0xFF)); rest >>= 8 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
