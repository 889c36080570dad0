import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyStore
import MyMoneyTestSupport

/// Encrypted books through the Kit: how often an import writes the file back.
@Suite("encrypted books")
struct EncryptedBooksTests {
    let path = MyMoneyBinary.scratch("sealed-books").appendingPathComponent("ledger.sqlite").path

    func request() -> ImportRequest {
        ImportRequest(paths: [Corpus.samples.path], accountBook: AccountBook.load(Corpus.repositoryRoot.appendingPathComponent("Rules/accounts.csv").path))
    }

    /// Opens the new encrypted books, counting whole write-backs.
    func open(_ writeBack: Books.WriteBack) throws -> (Books, () -> Int) {
        let books = try Books.open(at: path, passphrase: PassphraseSource(try Passphrase("a long passphrase")), writeBack: writeBack)
        final class Counter { var value = 0 }
        let counter = Counter()
        books.ledger.writeBackProgress = { done, total in if done == total { counter.value += 1 } }
        return (books, { counter.value })
    }

    @Test func anImportWritesTheEncryptedLedgerBackOnce() throws {
        _ = try Books.create(at: path, with: BooksSetup(primaryCurrency: .EUR), encryptingWith: try Passphrase("a long passphrase"))
        let (books, writeBacks) = try open(.afterEachChange)
        let outcome = try books.importStatements(request(), readers: Readers.standard(profilesDirectory: "/nonexistent").readers, rules: nil)
        #expect(outcome.addedCount == 34)
        #expect(writeBacks() == 1)
        _ = try books.importStatements(request(), readers: Readers.standard(profilesDirectory: "/nonexistent").readers, rules: nil)
        #expect(writeBacks() == 2)
    }

    @Test func booksThatSaveOnRequestWriteNothingBeforeSave() throws {
        _ = try Books.create(at: path, with: BooksSetup(), encryptingWith: try Passphrase("a long passphrase"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (books, writeBacks) = try open(.onSave)
        _ = try books.importStatements(request(), readers: Readers.standard(profilesDirectory: "/nonexistent").readers, rules: nil)
        _ = try books.set(.ownerName, to: "Alex")
        #expect(writeBacks() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try books.save()
        #expect(writeBacks() == 1)
        try books.save()
        #expect(writeBacks() == 1)
    }

    @Test func aShortPassphraseIsRefusedAndNoLedgerIsMade() throws {
        #expect(throws: BooksError.self) { _ = try Books.create(at: path, with: BooksSetup(), encryptingWith: try Passphrase("short")) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
