/// The schema changes for exchange rates and budgets (reports).
extension Migration {
    /// Exchange rates read from rate files: one per day, pair and source (`ecb`, `hledger`,
    /// `beancount`, `csv`), the rate as exact decimal text. Re-importing a file adds nothing; a
    /// corrected value replaces the old one.
    static let ratesTable = """
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
    """

    /// Budgets gain a project target, quarters and custom spans, a name and rollover. SQLite cannot
    /// change a CHECK constraint in place, so the table is rebuilt with every row kept (ids too),
    /// and with AUTOINCREMENT, so a removed budget's id is never given to another (as for
    /// transactions, batches and transfers).
    static let budgetsWithProjectsAndRollover = """
    CREATE TABLE budgets_new (
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
    INSERT INTO budgets_new (id, category_id, tag_id, amount_units, amount_scale, currency, period, start_day)
        SELECT id, category_id, tag_id, amount_units, amount_scale, currency, period, start_day FROM budgets;
    DROP TABLE budgets;
    ALTER TABLE budgets_new RENAME TO budgets;
    """

    /// What report aggregates read, in day order, without touching the rows: the sums per day,
    /// currency, type and entry (``Ledger/dailyTotals(by:from:through:within:)``) are answered from
    /// this index alone (about 30 bytes a transaction). Transactions with parts are summed whole
    /// there and swapped for their parts by the caller.
    static let reportIndexes = """
    CREATE INDEX transactions_for_reports ON transactions(day, type, currency, amount_scale, category_id, project_id, place_id,
                                                          account_id, amount_units);
    """
}
