import MyMoneyImport
import MyMoneyTransfers

/// What a user asks `mymoney import` to do.
public struct ImportRequest: Sendable {
    public var paths: [String]
    /// `--account NAME`: every statement goes into this account.
    public var accountName: String?
    /// `--as FORMAT`: read every file as this format.
    public var format: String?
    public var readOptions: ReadOptions
    /// `--dry-run`: do everything, report it, keep nothing.
    public var dryRun: Bool
    /// Accounts declared by the user (`Rules/accounts.csv`), created before statements are placed.
    public var accountBook: AccountBook
    /// Transfers at or above this confidence are linked as confirmed; below it they wait for review.
    public var confirmThreshold: Double
    /// Reference exchange rates for cross-currency transfers (`--rates FILE`).
    public var rates: [ExchangeRate] = []
    /// `--trust-ids`: a statement of stored rows under bank ids the ledger has never seen is added
    /// (by default it is recognized as the bank re-issuing its ids and skipped).
    public var trustIds = false
    /// The rules run only on rows that may be new: a statement the ledger holds whole is stored
    /// (as duplicates) without them when that changes nothing (``RuleStage/rulesMaySkip(_:context:)``),
    /// or with what they leave behind of its skipped rows, found from the rows it can come from
    /// (``HeldRuleEffects``). False runs them on every row (the plain twin).
    public var rulesOnNewRowsOnly = true
    /// A large statement goes to the store in parts as the rules finish them, so the two run at
    /// the same time (``RuleStage/inParts``). False hands every statement on whole (the plain twin).
    public var storeInParts = true
    /// The indexes a bulk import into an empty ledger drops are built again while the transfer
    /// matcher runs on the other core, not by the store before it. False: by the store (the plain twin).
    public var indexesWhileMatching = true
    /// The import's rows are let go on another core once matching and reconciling are done
    /// (``Concurrently/releaseAside(_:)``), while linking and the commit go on here, and so is
    /// each part of a statement stored in parts once it is stored, off the store's thread. False:
    /// here, as the import ends and as each part is stored (the plain twin).
    public var rowsReleasedAside = true
    /// A ledger that does not exist yet, built aside until the import commits, is written with
    /// its journal in memory instead of the write-ahead log (every page once, not twice), and put
    /// back in WAL mode before it is published (``MyMoneyStore/Ledger/journalInMemoryWhileAside()``).
    /// False writes it through the log (the plain twin).
    public var asideWithoutLog = true
    /// Such a ledger is written without checking foreign keys row by row; every reference is
    /// checked once, over the whole file, after the import commits and before the ledger is
    /// published: a row naming one that does not exist fails the import, and nothing is published
    /// (``MyMoneyStore/Ledger/foreignKeysUncheckedWhileAside()``). False checks them as every
    /// other import does, at each INSERT (the plain twin).
    public var asideWithoutForeignKeyChecks = true
    /// Such a ledger's deferred indexes are built after the import's transaction commits, while
    /// its references are checked on a connection of its own on the other core
    /// (``MyMoneyStore/ReferenceCheck``), instead of beside the transfer matcher and the check
    /// after them, when the import's rows are of one account (the matcher has nothing to pair;
    /// with several, it is the longer work beside the indexes). False: beside the matcher, then
    /// the check (the plain twin).
    public var asideIndexesBesideCheck = true
    /// Set for one run: the workflow leaves the deferred indexes to its caller
    /// (``ImportOutcome/indexesToRebuild``).
    var leavesIndexesToCaller = false
    /// Opening balances and reconciliation of accounts new to the ledger, imported beside other
    /// accounts, sum the rows' balance rows (id, day, amount: ``LedgerNeighbourhood/balanceRows(of:)``)
    /// and take the rows whole only where a checkpoint disagrees. False copies every row of each
    /// such account out of the neighbourhood for both (the plain twin).
    var balanceRowsOfNewAccounts = true
    /// Statements are converted by moving their rows (no second copy alive), every statement on
    /// every core, the identities of the first statement's rows made in the same pass when the
    /// rules cannot change them (``MovingConversion``). False converts them the plain way (the
    /// plain twin).
    var convertByMoving = true
    /// Each file is read straight into its bytes (``MyMoneyImport/StatementFiles/loadOnce(_:)``), not
    /// through `Data` and a copy of it. False loads it the plain way (the plain twin).
    var loadsFilesOnce = true
    /// Rows the rules take at a time, and the size of a part handed to the store (tests make it small).
    var rulePart = 50_000
    /// A statement the ledger holds whole by bank ids (imported again) is recognized from its rows
    /// as read, before they are converted, and only what may be new is converted (``HeldStatement``),
    /// when the rules need not run on every row of it (``HeldRuleEffects``). False converts every
    /// row and lets the store match them (the plain twin).
    public var duplicatesBeforeConversion = true

    /// Transfers matched with at least this confidence are confirmed without asking.
    public static let defaultConfirmThreshold = 0.7

    public init(paths: [String], accountName: String? = nil, format: String? = nil, readOptions: ReadOptions = ReadOptions(),
                dryRun: Bool = false, accountBook: AccountBook = AccountBook(), confirmThreshold: Double = ImportRequest.defaultConfirmThreshold) {
        self.accountBook = accountBook
        self.paths = paths
        self.accountName = accountName
        self.format = format
        self.readOptions = readOptions
        self.dryRun = dryRun
        self.confirmThreshold = confirmThreshold
    }
}
