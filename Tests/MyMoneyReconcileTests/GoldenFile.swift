import Foundation
import Testing

/// A golden file in `Goldens/` beside this file; re-recorded with `MYMONEY_RECORD_GOLDENS=1`.
enum GoldenFile {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Compares `actual` with the golden file `name`, or writes it when recording.
    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["MYMONEY_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("golden file Goldens/\(name) is missing: run with MYMONEY_RECORD_GOLDENS=1 and review it",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(actual == expected, "output differs from Goldens/\(name) (re-record with MYMONEY_RECORD_GOLDENS=1)",
                sourceLocation: sourceLocation)
    }
}
