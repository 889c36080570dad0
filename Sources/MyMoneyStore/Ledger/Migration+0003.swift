/// Ids that are never given twice, splits as rows, the import identity of edited transactions,
/// undone batches kept, transfer reasons, and close calls kept for review.
///
/// - `import_batches`, `transactions` and `transfers` are rebuilt with `AUTOINCREMENT`, keeping
///   every row and id: SQLite then never gives a new row the id of one removed before (an undone
///   import, a removed transaction, an unlinked transfer). The tables that refer to them are
///   rebuilt with them (`transaction_tags`, `rejected_transfers`, `statement_balances`,
///   `batch_opening_balances`): the new tables are filled first, the old ones dropped children
///   first (so no cascade fires), then renamed, which moves every reference to the final names.
/// - `import_batches.undone_at`: an undone batch stays listed.
/// - `transactions.import_*`: the account, day and amount as imported, kept once changed by hand.
/// - `transfers.reasons`: why a transfer was linked (the matcher's reasons, or by hand).
/// - `transaction_parts` and `transaction_part_tags`: a transaction's splits, each with an
///   amount, category, memo and tags. The `splits` JSON of older rows is moved there after this
///   SQL (``Ledger/moveSplitsIntoParts()``).
/// - `transfer_close_calls` and their candidates: the matcher's ambiguous cases, kept until decided.
let lastingIdsPartsAndCloseCalls = """
CREATE TABLE new_import_batches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    files TEXT NOT NULL,
    added INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0,
    balances INTEGER NOT NULL DEFAULT 0,
    undone_at TEXT
);
INSERT INTO new_import_batches (id, created_at, files, added, skipped, balances)
    SELECT id, created_at, files, added, skipped, balances FROM import_batches;
CREATE TABLE new_transactions (
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
    source_file TEXT,
    source_line INTEGER,
    text_key TEXT NOT NULL,
    occurrence INTEGER NOT NULL DEFAULT 1,
    hand_fields TEXT,
    rule_fields TEXT,
    batch_id INTEGER REFERENCES new_import_batches(id),
    -- The account, day and amount it was imported with, once one of them was changed by hand:
    -- its identity when its statement comes again. NULL while they are as imported.
    import_account_id INTEGER,
    import_day INTEGER,
    import_units INTEGER,
    import_scale INTEGER
);
INSERT INTO new_transactions (id, account_id, day, amount_units, amount_scale, currency, type, original_payee, payee, memo,
    notes, category_id, project_id, place_id, bank_id, bank_type, check_number, transfer_hint, splits, extra, source_format,
    source_file, source_line, text_key, occurrence, hand_fields, rule_fields, batch_id)
    SELECT id, account_id, day, amount_units, amount_scale, currency, type, original_payee, payee, memo,
    notes, category_id, project_id, place_id, bank_id, bank_type, check_number, transfer_hint, splits, extra, source_format,
    source_file, source_line, text_key, occurrence, hand_fields, rule_fields, batch_id FROM transactions;
CREATE TABLE new_transaction_tags (
    transaction_id INTEGER NOT NULL REFERENCES new_transactions(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags(id),
    PRIMARY KEY (transaction_id, tag_id)
) WITHOUT ROWID;
INSERT INTO new_transaction_tags SELECT transaction_id, tag_id FROM transaction_tags;
CREATE TABLE new_transfers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    from_transaction_id INTEGER NOT NULL REFERENCES new_transactions(id) ON DELETE CASCADE,
    to_transaction_id INTEGER NOT NULL REFERENCES new_transactions(id) ON DELETE CASCADE,
    rate TEXT,
    fee_units INTEGER,
    fee_scale INTEGER,
    confidence REAL NOT NULL DEFAULT 1,
    status TEXT NOT NULL CHECK (status IN ('confirmed', 'proposed')),
    reasons TEXT,
    CHECK (from_transaction_id <> to_transaction_id)
);
INSERT INTO new_transfers (id, from_transaction_id, to_transaction_id, rate, fee_units, fee_scale, confidence, status)
    SELECT id, from_transaction_id, to_transaction_id, rate, fee_units, fee_scale, confidence, status FROM transfers;
CREATE TABLE new_rejected_transfers (
    first_transaction_id INTEGER NOT NULL REFERENCES new_transactions(id) ON DELETE CASCADE,
    second_transaction_id INTEGER NOT NULL REFERENCES new_transactions(id) ON DELETE CASCADE,
    PRIMARY KEY (first_transaction_id, second_transaction_id),
    CHECK (first_transaction_id < second_transaction_id)
) WITHOUT ROWID;
INSERT INTO new_rejected_transfers SELECT first_transaction_id, second_transaction_id FROM rejected_transfers;
CREATE TABLE new_statement_balances (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    day INTEGER NOT NULL,
    amount_units INTEGER NOT NULL,
    amount_scale INTEGER NOT NULL,
    kind TEXT NOT NULL,
    source_file TEXT,
    batch_id INTEGER REFERENCES new_import_batches(id)
);
INSERT INTO new_statement_balances SELECT id, account_id, day, amount_units, amount_scale, kind, source_file, batch_id FROM statement_balances;
CREATE TABLE new_batch_opening_balances (
    batch_id INTEGER NOT NULL REFERENCES new_import_batches(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    previous_units INTEGER NOT NULL,
    previous_scale INTEGER NOT NULL,
    PRIMARY KEY (batch_id, account_id)
);
INSERT INTO new_batch_opening_balances SELECT batch_id, account_id, previous_units, previous_scale FROM batch_opening_balances;
DROP TABLE transaction_tags;
DROP TABLE transfers;
DROP TABLE rejected_transfers;
DROP TABLE statement_balances;
DROP TABLE batch_opening_balances;
DROP TABLE transactions;
DROP TABLE import_batches;
ALTER TABLE new_import_batches RENAME TO import_batches;
ALTER TABLE new_transactions RENAME TO transactions;
ALTER TABLE new_transaction_tags RENAME TO transaction_tags;
ALTER TABLE new_transfers RENAME TO transfers;
ALTER TABLE new_rejected_transfers RENAME TO rejected_transfers;
ALTER TABLE new_statement_balances RENAME TO statement_balances;
ALTER TABLE new_batch_opening_balances RENAME TO batch_opening_balances;
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
"""
