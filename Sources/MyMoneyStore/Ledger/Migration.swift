/// One named schema change. Migrations are append-only: once a name has been applied to any
/// ledger, its SQL never changes; a later change is a new migration at the end of the list.
package struct Migration: Sendable {
    package let name: String
    let sql: String
    /// Work SQL alone cannot do, run after `sql` in the same SQL transaction (moving data that
    /// needs the store's own rules, such as creating categories).
    var finish: (@Sendable (Ledger) throws(LedgerError) -> Void)? = nil

    /// Every migration, in the order they apply.
    package static let all: [Migration] = [
        Migration(name: "0001-initial", sql: initialSchema),
        Migration(name: "0002-batch-opening-balances", sql: batchOpeningBalances),
        Migration(name: "0003-settings", sql: settingsTable),
        Migration(name: "0004-lasting-ids-parts-close-calls", sql: lastingIdsPartsAndCloseCalls,
                  finish: { ledger throws(LedgerError) in try ledger.moveSplitsIntoParts() }),
        Migration(name: "0005-rates", sql: Migration.ratesTable),
        Migration(name: "0006-budgets-projects-periods-rollover", sql: Migration.budgetsWithProjectsAndRollover),
        Migration(name: "0007-transactions-report-indexes", sql: Migration.reportIndexes),
        Migration(name: "0008-skipped-statement-rows-hand-edits", sql: Migration.skippedRowsAndHandEdits),
        Migration(name: "0009-source-files-once", sql: Migration.sourceFilesOnce),
    ]
}

/// The first schema. Amounts are `*_units INTEGER` + `*_scale INTEGER` (value = units / 10^scale),
/// days are INTEGER days since 1970-01-01, rates and coordinates are exact decimal TEXT.
private let initialSchema = """
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
CREATE TABLE budgets (
    id INTEGER PRIMARY KEY,
    category_id INTEGER REFERENCES categories(id),
    tag_id INTEGER REFERENCES tags(id),
    amount_units INTEGER NOT NULL,
    amount_scale INTEGER NOT NULL,
    currency TEXT NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('week', 'month', 'year')),
    start_day INTEGER NOT NULL,
    CHECK ((category_id IS NULL) <> (tag_id IS NULL))
);
CREATE TABLE import_batches (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    files TEXT NOT NULL,
    added INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0,
    balances INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE transactions (
    id INTEGER PRIMARY KEY,
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
    splits TEXT,
    extra TEXT,
    source_format TEXT,
    source_file TEXT,
    source_line INTEGER,
    text_key TEXT NOT NULL,
    occurrence INTEGER NOT NULL DEFAULT 1,
    hand_fields TEXT,
    rule_fields TEXT,
    batch_id INTEGER REFERENCES import_batches(id)
);
CREATE INDEX transactions_by_account_day ON transactions(account_id, day);
CREATE INDEX transactions_by_category ON transactions(category_id) WHERE category_id IS NOT NULL;
CREATE TABLE transaction_tags (
    transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags(id),
    PRIMARY KEY (transaction_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX transaction_tags_by_tag ON transaction_tags(tag_id);
CREATE TABLE transfers (
    id INTEGER PRIMARY KEY,
    from_transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    to_transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    rate TEXT,
    fee_units INTEGER,
    fee_scale INTEGER,
    confidence REAL NOT NULL DEFAULT 1,
    status TEXT NOT NULL CHECK (status IN ('confirmed', 'proposed')),
    CHECK (from_transaction_id <> to_transaction_id)
);
CREATE UNIQUE INDEX transfers_by_from ON transfers(from_transaction_id);
CREATE UNIQUE INDEX transfers_by_to ON transfers(to_transaction_id);
CREATE TABLE rejected_transfers (
    first_transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    second_transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
    PRIMARY KEY (first_transaction_id, second_transaction_id),
    CHECK (first_transaction_id < second_transaction_id)
) WITHOUT ROWID;
CREATE TABLE statement_balances (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    day INTEGER NOT NULL,
    amount_units INTEGER NOT NULL,
    amount_scale INTEGER NOT NULL,
    kind TEXT NOT NULL,
    source_file TEXT,
    batch_id INTEGER REFERENCES import_batches(id)
);
CREATE INDEX statement_balances_by_account ON statement_balances(account_id, day);
"""

/// The opening balance an account had before an import derived a new one, so undoing that
/// import puts it back.
private let batchOpeningBalances = """
CREATE TABLE batch_opening_balances (
    batch_id INTEGER NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    previous_units INTEGER NOT NULL,
    previous_scale INTEGER NOT NULL,
    PRIMARY KEY (batch_id, account_id)
);
"""

/// The ledger's own settings (primary currency, owner, …): one text value per key.
private let settingsTable = """
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
