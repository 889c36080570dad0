/// The schema change that keeps each source file's path once.
extension Migration {
    /// Each file rows came from is a row of `source_files`; transactions, statement balances and
    /// skipped statement rows keep its id (`source_file_id`) where they kept the path text, which
    /// repeated on every row of a statement (35 bytes a transaction on average, a fifth of a
    /// stored row). The ids are the store's own (``Ledger/sourceFileId(_:)``): a path is never
    /// removed, so the ids are no foreign keys (no lookup on every INSERT). Existing rows keep
    /// their paths: every path becomes a row, then each row's id is set and the text column is
    /// dropped, in the one SQL transaction of the migration.
    static let sourceFilesOnce = """
    CREATE TABLE source_files (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE
    );
    INSERT INTO source_files (path)
        SELECT source_file FROM transactions WHERE source_file IS NOT NULL
        UNION SELECT source_file FROM statement_balances WHERE source_file IS NOT NULL
        UNION SELECT source_file FROM skipped_statement_rows WHERE source_file IS NOT NULL;
    ALTER TABLE transactions ADD COLUMN source_file_id INTEGER;
    UPDATE transactions SET source_file_id = (SELECT f.id FROM source_files f WHERE f.path = transactions.source_file)
        WHERE source_file IS NOT NULL;
    ALTER TABLE transactions DROP COLUMN source_file;
    ALTER TABLE statement_balances ADD COLUMN source_file_id INTEGER;
    UPDATE statement_balances SET source_file_id = (SELECT f.id FROM source_files f WHERE f.path = statement_balances.source_file)
        WHERE source_file IS NOT NULL;
    ALTER TABLE statement_balances DROP COLUMN source_file;
    ALTER TABLE skipped_statement_rows ADD COLUMN source_file_id INTEGER;
    UPDATE skipped_statement_rows SET source_file_id = (SELECT f.id FROM source_files f WHERE f.path = skipped_statement_rows.source_file)
        WHERE source_file IS NOT NULL;
    ALTER TABLE skipped_statement_rows DROP COLUMN source_file;
    """
}
