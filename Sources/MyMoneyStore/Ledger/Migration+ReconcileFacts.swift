/// The schema changes that keep what the reconciler needs to know about how rows came in.
extension Migration {
    /// Statement rows an import skipped as already stored, kept so a later `reconcile` can name
    /// one when it is what the ledger lacks (a real second transaction that looked like a stored
    /// one). The Kit picks which (those of statements that also added rows, a few thousand at
    /// most a statement) and keeps them with ``Ledger/recordSkippedStatementRows(_:batchId:)``. Undoing their
    /// import drops them from every query (its batch is marked undone). `existing_id` is the
    /// stored transaction the row was taken for; it is no foreign key, so deleting transactions
    /// costs no lookup here.
    ///
    /// Also a partial index of the rows edited by hand (`hand_fields` set), so the reconciler's
    /// query for them reads only those rows: imports store none, so it costs them nothing.
    static let skippedRowsAndHandEdits = """
    CREATE TABLE skipped_statement_rows (
        id INTEGER PRIMARY KEY,
        batch_id INTEGER NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        day INTEGER NOT NULL,
        amount_units INTEGER NOT NULL,
        amount_scale INTEGER NOT NULL,
        currency TEXT NOT NULL,
        payee TEXT,
        memo TEXT,
        source_file TEXT,
        source_line INTEGER,
        reason TEXT NOT NULL,
        existing_id INTEGER
    );
    CREATE INDEX skipped_statement_rows_by_account_day ON skipped_statement_rows(account_id, day);
    CREATE INDEX skipped_statement_rows_by_batch ON skipped_statement_rows(batch_id);
    CREATE INDEX transactions_edited_by_hand ON transactions(account_id) WHERE hand_fields IS NOT NULL;
    """
}
