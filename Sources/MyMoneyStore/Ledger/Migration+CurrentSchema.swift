/// A new ledger's schema made in one step: the tables and indexes as every migration of
/// ``migrations`` leaves them, created as they stand, instead of one migration after another.
///
/// Each migration's DDL makes SQLite parse the whole schema again: run one by one, the nine
/// migrations were more than half the instructions of a 100-row import into a new ledger (103 M
/// of 184 M). A file that already holds anything, and every migration after these, still goes
/// migration by migration (``Ledger/migrate()``). `MigrationSnapshotTests` checks that this is
/// exactly what the migrations make (`sqlite_master`, in order) and prints the text to put here
/// when a migration is added.
enum CurrentSchema {
    /// The migrations the schema below stands for, in order.
    static let migrations = [
        "0001-initial", "0002-batch-opening-balances", "0003-settings", "0004-lasting-ids-parts-close-calls",
        "0005-rates", "0006-budgets-projects-periods-rollover", "0007-transactions-report-indexes",
        "0008-skipped-statement-rows-hand-edits", "0009-source-files-once",
    ]

    /// `sqlite_master`'s SQL after those migrations, in its order (SQLite's own rows left out: it
    /// makes them again as the tables come), then the rows they leave in `sqlite_sequence` (the
    /// tables a migration rebuilt by copying their rows over, none here).
    static let sql = #"""
CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL);
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    currency TEXT NOT NULL,
    bank_id TEXT,
    opening_units INTEGER NOT NULL DEFAULT 0,
    opening_scale INTEGER NOT NULL DEFAULT 0,
    reconciled_through INTEGER
);
CREATE TABLE account_numbers (
    number TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    position INTEGER NOT NULL
);
CREATE INDEX account_numbers_by_account ON account_numbers(account_id);
CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    parent_id INTEGER REFERENCES categories(id),
    name TEXT NOT NULL,
    path TEXT NOT NULL,
    path_key TEXT NOT NULL UNIQUE,
    depth INTEGER NOT NULL CHECK (depth BETWEEN 1 AND 5),
    icon TEXT
);
CREATE TABLE tags (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    title_key TEXT NOT NULL UNIQUE,
    color TEXT
);
CREATE TABLE projects (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    title_key TEXT NOT NULL UNIQUE,
    start_day INTEGER,
    end_day INTEGER,
    archived INTEGER NOT NULL DEFAULT 0,
    CHECK (end_day IS NULL OR start_day IS NULL OR end_day >= start_day)
);
CREATE TABLE places (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    address TEXT,
    city TEXT,
    country TEXT,
    latitude TEXT,
    longitude TEXT
);
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE "import_batches" (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    files TEXT NOT NULL,
    added INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0,
    balances INTEGER NOT NULL DEFAULT 0,
    undone_at TEXT
);
CREATE TABLE "transactions" (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    day INTEGER NOT NULL,
    amount_units INTEGER NOT NULL,
    amount_scale INTEGER NOT NULL,
    currency TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('income', 'expense', 'transfer')),
    original_payee TEXT,
    payee TEXT,  -- NULL when it is the original payee
    memo TEXT,
    notes TEXT,
    category_id INTEGER REFERENCES categories(id),
    project_id INTEGER REFERENCES projects(id),
    place_id INTEGER REFERENCES places(id),
    bank_id TEXT,
    bank_type TEXT,
    check_number TEXT,
    transfer_hint TEXT,
    splits TEXT,  -- before 0003 only: QIF splits as JSON (now rows of transaction_parts)
    extra TEXT,
    source_format TEXT,
    source_line INTEGER,
    text_key TEXT NOT NULL,
    occurrence INTEGER NOT NULL DEFAULT 1,
    hand_fields TEXT,
    rule_fields TEXT,
    batch_id INTEGER REFERENCES "import_batches"(id),
    -- The account, day and amount it was imported with, once one of them was changed by hand:
    -- its identity when its statement comes again. NULL while they are as imported.
    import_account_id INTEGER,
    import_day INTEGER,
    import_units INTEGER,
    import_scale INTEGER
, source_file_id INTEGER);
CREATE TABLE "transaction_tags" (
    transaction_id INTEGER NOT NULL REFERENCES "transactions"(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags(id),
    PRIMARY KEY (transaction_id, tag_id)
) WITHOUT ROWID;
CREATE TABLE "transfers" (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    from_transaction_id INTEGER NOT NULL REFERENCES "transactions"(id) ON DELETE CASCADE,
    to_transaction_id INTEGER NOT NULL REFERENCES "transactions"(id) ON DELETE CASCADE,
    rate TEXT,
    fee_units INTEGER,
    fee_scale INTEGER,
    confidence REAL NOT NULL DEFAULT 1,
    status TEXT NOT NULL CHECK (status IN ('confirmed', 'proposed')),
    reasons TEXT,
    CHECK (from_transaction_id <> to_transaction_id)
);
CREATE TABLE "rejected_transfers" (
    first_transaction_id INTEGER NOT NULL REFERENCES "transactions"(id) ON DELETE CASCADE,
    second_transaction_id INTEGER NOT NULL REFERENCES "transactions"(id) ON DELETE CASCADE,
    PRIMARY KEY (first_transaction_id, second_transaction_id),
    CHECK (first_transaction_id < second_transaction_id)
) WITHOUT ROWID;
CREATE TABLE "statement_balances" (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    day INTEGER NOT NULL,
    amount_units INTEGER NOT NULL,
    amount_scale INTEGER NOT NULL,
    kind TEXT NOT NULL,
    batch_id INTEGER REFERENCES "import_batches"(id)
, source_file_id INTEGER);
CREATE TABLE "batch_opening_balances" (
    batch_id INTEGER NOT NULL REFERENCES "import_batches"(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    previous_units INTEGER NOT NULL,
    previous_scale INTEGER NOT NULL,
    PRIMARY KEY (batch_id, account_id)
);
CREATE INDEX transactions_by_account_day ON transactions(account_id, day);
CREATE INDEX transactions_by_category ON transactions(category_id) WHERE category_id IS NOT NULL;
CREATE INDEX transactions_by_import_identity ON transactions(import_account_id, import_day) WHERE import_day IS NOT NULL;
CREATE INDEX transaction_tags_by_tag ON transaction_tags(tag_id);
CREATE UNIQUE INDEX transfers_by_from ON transfers(from_transaction_id);
CREATE UNIQUE INDEX transfers_by_to ON transfers(to_transaction_id);
CREATE INDEX rejected_transfers_by_second ON rejected_transfers(second_transaction_id);
CREATE INDEX statement_balances_by_account ON statement_balances(account_id, day);
CREATE TABLE transaction_parts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    amount_units INTEGER NOT NULL,
    amount_scale INTEGER NOT NULL,
    category_id INTEGER REFERENCES categories(id),
    memo TEXT,
    transfer_account TEXT,
    UNIQUE (transaction_id, position)
);
CREATE INDEX transaction_parts_by_category ON transaction_parts(category_id) WHERE category_id IS NOT NULL;
CREATE TABLE transaction_part_tags (
    part_id INTEGER NOT NULL REFERENCES transaction_parts(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags(id),
    PRIMARY KEY (part_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX transaction_part_tags_by_tag ON transaction_part_tags(tag_id);
CREATE TABLE transfer_close_calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    found_at TEXT NOT NULL
);
CREATE TABLE transfer_close_call_candidates (
    close_call_id INTEGER NOT NULL REFERENCES transfer_close_calls(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    from_transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    to_transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    confidence REAL NOT NULL,
    rate TEXT,
    fee_units INTEGER,
    fee_scale INTEGER,
    reasons TEXT,
    PRIMARY KEY (close_call_id, position)
) WITHOUT ROWID;
CREATE INDEX close_call_candidates_by_from ON transfer_close_call_candidates(from_transaction_id);
CREATE INDEX close_call_candidates_by_to ON transfer_close_call_candidates(to_transaction_id);
CREATE TABLE rates (
    id INTEGER PRIMARY KEY,
    day INTEGER NOT NULL,
    from_currency TEXT NOT NULL,
    to_currency TEXT NOT NULL,
    rate TEXT NOT NULL,
    source TEXT NOT NULL,
    file TEXT,
    CHECK (from_currency <> to_currency),
    UNIQUE (day, from_currency, to_currency, source)
);
CREATE INDEX rates_by_pair ON rates(from_currency, to_currency, day);
CREATE TABLE "budgets" (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT,
    category_id INTEGER REFERENCES categories(id),
    tag_id INTEGER REFERENCES tags(id),
    project_id INTEGER REFERENCES projects(id),
    amount_units INTEGER NOT NULL,
    amount_scale INTEGER NOT NULL,
    currency TEXT NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('week', 'month', 'quarter', 'year', 'custom')),
    custom_days INTEGER CHECK (custom_days IS NULL OR custom_days >= 1),
    start_day INTEGER NOT NULL,
    rollover INTEGER NOT NULL DEFAULT 0,
    CHECK ((category_id IS NOT NULL) + (tag_id IS NOT NULL) + (project_id IS NOT NULL) = 1),
    CHECK ((period = 'custom') = (custom_days IS NOT NULL))
);
CREATE INDEX transactions_for_reports ON transactions(day, type, currency, amount_scale, category_id, project_id, place_id,
                                                      account_id, amount_units);
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
    source_line INTEGER,
    reason TEXT NOT NULL,
    existing_id INTEGER
, source_file_id INTEGER);
CREATE INDEX skipped_statement_rows_by_account_day ON skipped_statement_rows(account_id, day);
CREATE INDEX skipped_statement_rows_by_batch ON skipped_statement_rows(batch_id);
CREATE INDEX transactions_edited_by_hand ON transactions(account_id) WHERE hand_fields IS NOT NULL;
CREATE TABLE source_files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE
);
INSERT INTO sqlite_sequence (name, seq) VALUES ('import_batches', 0), ('transactions', 0), ('transfers', 0), ('budgets', 0);
"""#
}
