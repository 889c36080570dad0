import Foundation
import MyMoneyStore
import MyMoneyRules
import MyMoneyImport

extension Books {
    /// Imports the statements of `request` into the books at `path`: read, place in accounts,
    /// rules, store (one SQL transaction), opening balances, transfers, reconciliation.
    ///
    /// What it promises about the ledger file:
    /// - Every file is read and checked before the ledger is touched: a file that cannot be read
    ///   ends the import with nothing written (the outcome's `readFailed`).
    /// - A failure after that rolls back everything the import did.
    /// - A ledger that does not exist yet is built aside, in a hidden file beside it, and appears
    ///   whole at `path` (a hard link, which never replaces a file) only once the import has
    ///   committed; if another process created the ledger meanwhile, the import runs again
    ///   against that ledger. So a failed import never creates a ledger and never removes one: it
    ///   cannot take another process's work with it.
    /// - A dry run does everything inside a transaction it rolls back (on a scratch copy in the
    ///   temporary folder when there is no ledger yet).
    /// - An encrypted ledger (asked `passphrase` for) is written back once, after the import.
    ///
    /// - Throws: ``BooksError`` `unreadable` when a named path cannot be read, `badInput` when a
    ///   statement cannot be imported (nothing was imported), store errors as they are.
    public static func importStatements(_ request: ImportRequest, at path: String, passphrase: PassphraseSource? = nil,
                                        readers: StatementReaders, rules: CompiledRuleSet?,
                                        progress: ((String) -> Void)? = nil) throws(BooksError) -> ImportOutcome {
        var outcome = try read(request, readers: readers, progress: progress)
        if outcome.readFailed { return outcome }
        if exist(at: path) {
            try run(request, &outcome, ledger: try openLedger(at: path, passphrase: passphrase), rules: rules, progress: progress)
            return outcome
        }
        if request.dryRun {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-dry-run-\(UUID().uuidString).sqlite").path
            defer { LedgerFile.remove(scratch) }
            try run(request, &outcome, ledger: try openLedger(at: scratch, passphrase: nil), rules: rules, progress: progress)
            return outcome
        }
        let aside = LedgerFile.asidePath(for: path)
        defer { LedgerFile.remove(aside) }
        try runAside(request, &outcome, at: aside, rules: rules, progress: progress)
        switch LedgerFile.publish(aside, at: path) {
        case .published:
            return outcome
        case .taken:
            // Another import created the ledger while this one built its own: import into that one
            // (the readings were let go while storing, so the files are read again).
            outcome = try read(request, readers: readers, progress: progress)
            try run(request, &outcome, ledger: try openLedger(at: path, passphrase: passphrase), rules: rules, progress: progress)
            return outcome
        case .failed(let reason):
            throw BooksError(.storage, "cannot create the ledger at \(path); nothing was imported", notes: [reason])
        }
    }

    /// Runs the import's storing stages against a new ledger built at `aside` (no other process
    /// knows the file): with its journal in memory while it is written
    /// (``ImportRequest/asideWithoutLog``), back in WAL mode before the ledger is closed, and its
    /// foreign keys checked once, after the import (``ImportRequest/asideWithoutForeignKeyChecks``).
    private static func runAside(_ request: ImportRequest, _ outcome: inout ImportOutcome, at aside: String,
                                 rules: CompiledRuleSet?, progress: ((String) -> Void)?) throws(BooksError) {
        let ledger = try openLedger(at: aside, passphrase: nil)
        if request.asideWithoutLog { try step { try ledger.journalInMemoryWhileAside() } }
        if request.asideWithoutForeignKeyChecks { try step { try ledger.foreignKeysUncheckedWhileAside() } }
        var request = request
        request.leavesIndexesToCaller = request.asideWithoutForeignKeyChecks && request.asideIndexesBesideCheck
        try run(request, &outcome, ledger: ledger, rules: rules, progress: progress)
        if request.asideWithoutForeignKeyChecks {
            progress?("checking the new ledger's references")
            let problems = try step { try checkReferences(of: ledger, rebuilding: outcome.indexesToRebuild, progress: progress) }
            guard problems.isEmpty else {
                throw BooksError(.storage, "the new ledger would hold \(problems.count) row\(problems.count == 1 ? "" : "s") naming rows it does not have; nothing was imported",
                                 notes: Array(problems.prefix(5)))
            }
            try step { try ledger.restoreForeignKeyChecks() }
        }
        if request.asideWithoutLog { try step { try ledger.restoreWriteAheadLog() } }
    }

    /// The new ledger's reference problems (``MyMoneyStore/Ledger/foreignKeyProblems()``), found
    /// on a connection of their own on the other core while this one builds the `indexes` the
    /// import left, in a transaction of their own (the ledger is aside: only its publishing makes
    /// it known, so the import's commit before them publishes nothing). The commit waits for the
    /// check, whose read holds the file as the import left it.
    private static func checkReferences(of ledger: Ledger, rebuilding indexes: [String],
                                        progress: ((String) -> Void)?) throws -> [String] {
        guard !indexes.isEmpty else { return try ledger.foreignKeyProblems() }
        let check = try ledger.referenceCheck()
        progress?("indexing the new transactions and checking their references")
        let found = try ledger.waitingForOwnReaders {
            try ledger.transaction {
                try Concurrently.alongside({ check.problems() }) { try ledger.rebuildIndexes(indexes) }.background
            }
        }
        return try found.get()
    }

    /// Reads every file of the request; a file that cannot be read at all ends the import (nothing written).
    private static func read(_ request: ImportRequest, readers: StatementReaders, progress: ((String) -> Void)?) throws(BooksError) -> ImportOutcome {
        let outcome = try step { try ImportWorkflow.read(request, readers: readers, progress: progress) }
        if let failure = outcome.readings.lazy.compactMap(\.failure).first { throw BooksError(failure).appending("; nothing was imported") }
        return outcome
    }

    /// Imports the statements of `request` into these open books (see
    /// ``importStatements(_:at:passphrase:readers:rules:progress:)`` for what it promises); an
    /// encrypted ledger is written back at most once for it (or by ``save()``, when opened so).
    public func importStatements(_ request: ImportRequest, readers: StatementReaders, rules: CompiledRuleSet?,
                                 progress: ((String) -> Void)? = nil) throws(BooksError) -> ImportOutcome {
        var outcome = try Books.read(request, readers: readers, progress: progress)
        if outcome.readFailed { return outcome }
        try Books.run(request, &outcome, ledger: ledger, rules: rules, progress: progress)
        return outcome
    }

    /// Runs the import's storing stages against `ledger`; an encrypted one is written back once, at the end.
    private static func run(_ request: ImportRequest, _ outcome: inout ImportOutcome, ledger: Ledger,
                            rules: CompiledRuleSet?, progress: ((String) -> Void)?) throws(BooksError) {
        do {
            try ledger.holdingWriteBack {
                try ImportWorkflow.run(request, &outcome, ledger: ledger, rules: rules, progress: progress)
                if ledger.hasUnsavedChanges && ledger.writesBackEachCommit { progress?("writing the encrypted ledger back") }
            }
        } catch {
            throw BooksError.from(error).appending("; nothing was imported")
        }
    }
}
