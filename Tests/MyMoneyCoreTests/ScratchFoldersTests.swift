import Foundation
import Testing
import MyMoneyTestSupport

/// The test suite's scratch folders are removed (the process's own at its exit): remembered
/// folders go, with what they hold, and one already gone is no error.
@Suite struct ScratchFoldersTests {
    @Test func rememberedFoldersAreRemovedWithTheirFiles() throws {
        let folders = ScratchFolders()
        let base = FileManager.default.temporaryDirectory
        let a = base.appendingPathComponent("mymoney-scratch-a-\(UUID().uuidString)")
        let b = base.appendingPathComponent("mymoney-scratch-b-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: a.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: a.appendingPathComponent("nested/ledger.sqlite"))
        folders.remember(a)
        folders.remember(b)   // never made
        folders.removeAll()
        #expect(!FileManager.default.fileExists(atPath: a.path))
        #expect(!FileManager.default.fileExists(atPath: b.path))
        folders.removeAll()   // nothing left: no error
    }
}
