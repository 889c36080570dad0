import Foundation
import Testing
import MyMoneyCore
import MyMoneyImport
import MyMoneyTestSupport

/// A file loaded straight into its bytes (``StatementFiles/loadOnce(_:)``, how the import loads
/// its files) gives the bytes and errors its plain twin (``StatementFiles/load(_:)``, through
/// `Data`) gives: empty files, files of a few bytes, files that span several of its 1 MB reads
/// (exactly, and one byte more or less), a directory and a path that does not exist.
@Suite struct LoadOnceTests {
    struct Outcome: Equatable {
        var bytes: [UInt8]?
        var error: String?
    }

    static func outcome(_ load: (String) throws(InputError) -> StatementInput, _ path: String) -> Outcome {
        do throws(InputError) { return Outcome(bytes: try load(path).bytes) } catch { return Outcome(error: error.description) }
    }

    @Test func filesLoadTheSameBothWays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("load-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var rng = SeededGenerator(seed: 29)
        let mb = 1 << 20
        var paths: [String] = []
        for (k, size) in [0, 1, 17, mb - 1, mb, mb + 1, 3 * mb + 12_345].enumerated() {
            let url = folder.appendingPathComponent("file-\(k).csv")
            try Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }).write(to: url)
            paths.append(url.path)
        }
        paths += [folder.path, folder.appendingPathComponent("missing.csv").path]
        for path in paths {
            let plain = Self.outcome(StatementFiles.load, path)
            let once = Self.outcome(StatementFiles.loadOnce, path)
            #expect(once == plain, "\(path)")
        }
        #expect(Self.outcome(StatementFiles.loadOnce, paths[6]).bytes?.count == 3 * mb + 12_345)
    }
}
