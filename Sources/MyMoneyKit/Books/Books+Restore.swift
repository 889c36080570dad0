import Foundation
import MyMoneyStore

extension Books {
    /// Restores a JSON export (`mymoney export json`) into the empty ledger at `ledgerPath`
    /// (created when there is none), every entry with its id: exporting the restored ledger gives
    /// the same JSON.
    ///
    /// The export is read and checked whole before the ledger is opened; the restore is one SQL
    /// transaction.
    /// - Throws: ``BooksError`` `badInput` for a document that is not a valid export, `inUse`
    ///   when the ledger already holds entries.
    @discardableResult
    public static func restore(json data: Data, at ledgerPath: String) throws(BooksError) -> BooksSnapshot {
        let books: BooksSnapshot
        do { books = try LedgerJSONReader.read(data) } catch {
            throw BooksError(.badInput, "not a usable My Money export: \(error.message)")
        }
        let contents = LedgerContents(
            accounts: books.accounts, categories: books.categories, tags: books.tags, projects: books.projects,
            places: books.places, budgets: books.budgets, batches: books.batches, transactions: books.transactions,
            batchOfTransaction: books.batchOfTransaction,
            transfers: books.transfers.map { t in
                TransferLink(id: t.id, fromTransactionId: t.fromTransactionId, toTransactionId: t.toTransactionId, rate: t.rate,
                             fee: t.fee, confidence: t.confidence, status: t.status == .confirmed ? .confirmed : .proposed,
                             reasons: t.reasons)
            },
            balances: books.balances)
        let target = try open(at: ledgerPath)
        try store { () throws(LedgerError) in try target.ledger.restore(contents) }
        return books
    }
}
