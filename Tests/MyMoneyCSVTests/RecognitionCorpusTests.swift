import Foundation
import Testing
import MyMoneyCSV
import MyMoneyTestSupport

/// Recognition over the whole shared corpus: CSV files score, other formats score 0, and reading
/// any file through the CSV reader never crashes.
@Suite struct RecognitionCorpusTests {
    static func files(_ folder: String) -> [String] {
        guard let dir = Corpus.directory?.appendingPathComponent(folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return names.sorted().map { "\(folder)/\($0)" }
    }

    @Test(arguments: ["ofx", "qfx", "qif", "camt", "mt940"])
    func otherFormatsScoreZero(_ folder: String) throws {
        for key in Self.files(folder) {
            let bytes = try Corpus.bytes(key)
            let score = CSVReader().recognition(of: Array(bytes.prefix(4096)), fileName: key)
            #expect(score == 0, "\(key) scored \(score)")
            _ = CSVReader(profiles: shippedProfiles).read(bytes, file: key, options: ReadOptions())
        }
    }

    @Test func everyCSVFileScoresAndReadsWithoutCrashing() throws {
        for key in Self.files("csv") {
            let bytes = try Corpus.bytes(key)
            guard !bytes.isEmpty else { continue }
            #expect(CSVReader().recognition(of: Array(bytes.prefix(4096)), fileName: key) > 0, "\(key)")
            _ = CSVReader(profiles: shippedProfiles).read(bytes, file: key, options: ReadOptions())
        }
    }
}
