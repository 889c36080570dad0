/// How an import keeps the secondary indexes of `transactions` it does not read itself (see
/// ``DeferredIndexes``): row by row, or dropped before its INSERTs and built once after them.
package enum IndexUpkeep: Sendable {
    /// Rebuilt after the INSERTs when the ledger holds no transactions yet and the import brings
    /// at least 2,000 rows; maintained row by row otherwise (the default).
    case automatic
    /// Maintained row by row: the plain twin of the rebuild.
    case maintained
    /// Dropped and rebuilt whatever the ledger holds (for tests).
    case rebuilt
}
