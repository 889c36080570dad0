import Foundation
import MyMoneyCSV
import MyMoneyTestSupport

/// Reads CSV text (UTF-8) with an optional profile text.
func readCSV(_ text: String, file: String = "test.csv", profile: String? = nil, options: ReadOptions = ReadOptions(),
             profiles: [CSVProfile] = []) -> ReadResult {
    var options = options
    if let profile { options.profile = ("test.csvprofile", profile) }
    return CSVReader(profiles: profiles).read(Array(text.utf8), file: file, options: options)
}

/// The only statement of a result, or nil.
func onlyStatement(_ result: ReadResult) -> Statement? {
    result.statements.count == 1 ? result.statements[0] : nil
}

/// Every diagnostic rendered with its source line.
func rendered(_ result: ReadResult, file: String = "test.csv") -> [String] {
    let renderer = DiagnosticRenderer(sources: result.source.map { [file: $0] } ?? [:])
    return result.diagnostics.map(renderer.render)
}

func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? .zero }
func day(_ text: String) -> Day? { Day(iso: text) }

/// The shipped profiles in `Rules/profiles`.
let shippedProfiles: [CSVProfile] = {
    let url = Corpus.repositoryRoot.appendingPathComponent("Rules/profiles")
    return (try? CSVProfileLibrary(directory: url).profiles) ?? []
}()

/// Test profiles in `Tests/MyMoneyCSVTests/Fixtures`.
func fixtureProfile(_ name: String) -> (name: String, text: String)? {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return ("Tests/MyMoneyCSVTests/Fixtures/\(name)", String(decoding: data, as: UTF8.self))
}

/// Reads a fixture file of `Tests/MyMoneyCSVTests/Fixtures/classes` with the shipped profiles.
func readFixture(_ name: String, options: ReadOptions = ReadOptions()) -> ReadResult {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/classes/\(name)")
    let bytes = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) } ?? []
    return CSVReader(profiles: shippedProfiles).read(bytes, file: name, options: options)
}

/// Options that accept a broken balance chain (`--accept-broken-balances`).
func accepting(_ options: ReadOptions = ReadOptions()) -> ReadOptions {
    var o = options
    o.acceptBrokenBalances = true
    return o
}
