import Foundation
import MyMoneyStore
import MyMoneyImport

/// What `mymoney rates import` did with each file.
public struct RatesImport: Sendable {
    public struct File: Sendable {
        public var name: String
        public var format: RatesFile.Format?
        /// Rates the file holds.
        public var read: Int
        public var added = 0
        public var unchanged = 0
        public var changed = 0
        public var diagnostics: [Diagnostic]
    }

    public var files: [File]
    /// The files' text, for rendering diagnostics with their lines.
    public var sources: [SourceFile]
    /// False when a file had an error: then nothing was imported, from any file.
    public var imported: Bool
}

extension Books {
    /// Rate files larger than this are refused before reading (64 MiB; the ECB's whole history is under 2).
    public static let maximumRatesFileSize = 64 << 20

    /// Reads rate files (each recognized by content: the ECB's CSV, hledger `P`, beancount `price`,
    /// `date,from,to,rate`) and stores their rates, all in one go: when any file has an error,
    /// nothing is imported. Importing a file again adds nothing; a changed value replaces the old one.
    ///
    /// - Throws: ``BooksError`` `unreadable` for a file that cannot be read, `badInput` for one
    ///   that is not UTF-8 text or too large.
    public func importRates(from paths: [String]) throws(BooksError) -> RatesImport {
        var files: [RatesImport.File] = []
        var sources: [SourceFile] = []
        var parsed: [RatesFile] = []
        for path in paths {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes?[.size] as? Int, size > Books.maximumRatesFileSize {
                throw BooksError(.badInput, "\(path): the file is \(size) bytes, more than the \(Books.maximumRatesFileSize) a rates file may have; nothing was imported")
            }
            let input: StatementInput
            do { input = try StatementFiles.load(path) } catch { throw BooksError(error) }
            guard let text = String(bytes: input.bytes, encoding: .utf8) else {
                throw BooksError(.badInput, "\(path): not UTF-8 text, so not a rates file; nothing was imported")
            }
            let file = RatesFileReader.read(text, name: path)
            parsed.append(file)
            sources.append(SourceFile(name: path, string: text))
            files.append(RatesImport.File(name: path, format: file.format, read: file.rates.count, diagnostics: file.diagnostics))
        }
        guard !parsed.contains(where: \.hasErrors) else { return RatesImport(files: files, sources: sources, imported: false) }
        try atomically {
            for (i, file) in parsed.enumerated() {
                let result = try ledger.addRates(file.rates)
                files[i].added = result.added
                files[i].unchanged = result.unchanged
                files[i].changed = result.changed
            }
        }
        return RatesImport(files: files, sources: sources, imported: true)
    }

    /// The rates the books know (between `from` and `to`, either direction, when given), with coverage.
    public func rateListing(from: Currency? = nil, to: Currency? = nil) throws(BooksError) -> RateListing {
        let rates = try store { () throws(LedgerError) in try ledger.rates() }
        let transfers = try store { () throws(LedgerError) in try ledger.crossCurrencyTransfers() }
        return RateListing(rates: rates, transfers: transfers, from: from, to: to)
    }
}
