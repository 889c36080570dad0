import Foundation
import Testing
@testable import MyMoneyCore
import MyMoneyTestSupport

/// A mapped file reads its bytes, says what ``TextDecoder`` says of their UTF-8 (its 16 MB chunks
/// never cut a character), and reads the same bytes after giving pages back.
@Suite struct MappedFileTests {
    static func mapped(_ bytes: [UInt8]) throws -> (MappedFile, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return (try #require(MappedFile(path: url.path)), url)
    }

    @Test func theUTF8CheckIsTheDecodersAcrossChunkEdges() throws {
        let chunk = 16 << 20
        var generator = SeededGenerator(seed: 11)
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        for round in 0..<4 {
            var bytes = [UInt8](repeating: 0x41, count: chunk + 100)
            // A character across the first chunk's edge; then random damage in some rounds.
            let at = chunk - Int.random(in: 0...2, using: &generator)
            bytes.replaceSubrange(at..<at + 3, with: euro)
            if round == 1 { bytes[chunk + 50] = 0x80 }
            if round == 2 { bytes[10] = 0 }
            if round == 3 { bytes[chunk - 1] = 0xE2; bytes[chunk] = 0x41 }
            let (file, url) = try Self.mapped(bytes)
            defer { try? FileManager.default.removeItem(at: url) }
            let expected = TextDecoder.isValidUTF8(bytes) && !bytes.contains(0)
            #expect(file.isUTF8WithoutNUL(from: 0) == expected, "round \(round)")
            file.rewind()
            file.release(0..<file.count)
            #expect(Array(file.bytes) == bytes, "the bytes again after their pages were given back")
        }
    }

    /// More than 16 MB of continuation bytes once sent the check round for ever.
    @Test func sixteenMegabytesOfContinuationBytesAreNotUTF8() throws {
        let (file, url) = try Self.mapped([0x41] + [UInt8](repeating: 0x80, count: (16 << 20) + 10))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(!file.isUTF8WithoutNUL(from: 0))
        #expect(!file.isUTF8WithoutNUL(from: 1))
    }

    /// What a reader checks after reading: the file at the path is still the file mapped.
    @Test func aFileSaysWhetherItChangedSinceItWasMapped() throws {
        let bytes = Array("Date,Amount\n2024-01-01,1.00\n".utf8)
        let (file, url) = try Self.mapped(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(!file.hasChanged)
        #expect(!file.hasChanged) // asking does not change the answer
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("2024-01-02,2.00\n".utf8))
        try handle.close()
        #expect(file.hasChanged)
        #expect(file.bytes.count == bytes.count) // the mapping still reads what was mapped

        let (same, other) = try Self.mapped(bytes)
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: other.path)
        #expect(same.hasChanged) // only its time moved
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: other.path)
        let (kept, third) = try Self.mapped(bytes)
        defer { try? FileManager.default.removeItem(at: third) }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: third.path)
        #expect(!kept.hasChanged) // a change of mode is no change of its bytes
    }
}
