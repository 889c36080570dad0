import Testing
@testable import MyMoneyStore

/// The list of an import's new rows is held until the import ends (a million entries on a big
/// import): each entry is 16 bytes and gives back what it was given, a dry run's missing id too.
@Suite struct ImportedTransactionTests {
    @Test func anEntryIsSixteenBytesAndKeepsItsPlaceAndId() {
        #expect(MemoryLayout<ImportedTransaction>.stride == 16)
        let stored = ImportedTransaction(statementIndex: 3, index: 999_999, id: 1_000_000_123)
        #expect(stored.statementIndex == 3 && stored.index == 999_999 && stored.id == 1_000_000_123)
        var dry = ImportedTransaction(statementIndex: 0, index: 0, id: nil)
        #expect(dry.id == nil)
        dry.id = 1
        #expect(dry.id == 1)
        dry.id = nil
        #expect(dry.id == nil && dry == ImportedTransaction(statementIndex: 0, index: 0, id: nil))
        #expect(ImportedTransaction(statementIndex: 0, index: 0, id: Int64.max).id == Int64.max)
    }
}
