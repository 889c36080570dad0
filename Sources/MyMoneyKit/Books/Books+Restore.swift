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
            balances: books.balances,
            rates: try books.prices.map { p throws(BooksError) in
                guard let source = StoredRate.Source(rawValue: p.source), source != .transfer else {
                    throw BooksError(.badInput, "not a usable My Money export: rate source \"\(p.source)\" is not ecb, hledger, beancount or csv")
                }
                return StoredRate(day: p.day, from: p.base, to: p.quote, rate: p.rate, source: source, file: p.file)
            })
        let target = try open(at: ledgerPath)
        try store { () throws(LedgerError) in try target.ledger.restore(contents) }
        return books
    }
}
