import Foundation
import Testing
import MyMoneyFuzz
import MyMoneyTestSupport

/// Every input a fuzzer ever crashed or hung on (`Tests/Fuzz/<target>/regressions/`) and every
/// seed runs through its fuzz target's code, the same code libFuzzer calls, without trapping.
///
/// Diagnostics are fine; a crash stops the test process, which fails the run. The seeds are
/// replayed too, so the suite also says when a seed no longer reaches its reader.
@Suite struct KeptInputTests {
    static let fuzzFolder = Corpus.repositoryRoot.appendingPathComponent("Tests/Fuzz")

    /// One kept file and the target it belongs to.
    struct KeptInput: CustomTestStringConvertible, Sendable {
        let target: FuzzTarget
        let path: String
        var testDescription: String { "\(target.name)/\((path as NSString).lastPathComponent)" }
    }

    static func inputs(in kind: String) -> [KeptInput] {
        FuzzTarget.allCases.flatMap { target in
            let folder = fuzzFolder.appendingPathComponent(target.name).appendingPathComponent(kind).path
            return (FuzzReplay.files(at: folder) ?? []).map { KeptInput(target: target, path: $0) }
        }
    }

    static let regressions = inputs(in: "regressions")
    static let seeds = inputs(in: "seeds")

    @Test(arguments: regressions)
    func keptCrashOrHangInputRunsToTheEnd(_ input: KeptInput) throws {
        let bytes = try #require(FileManager.default.contents(atPath: input.path))
        _ = input.target.run(Array(bytes))
    }

    @Test(arguments: seeds)
    func seedRunsToTheEnd(_ input: KeptInput) throws {
        let bytes = try #require(FileManager.default.contents(atPath: input.path))
        _ = input.target.run(Array(bytes))
    }

    /// A kept input in a folder no target reads would never be replayed.
    @Test func everyFolderUnderTestsFuzzNamesATarget() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzFolder.path)
        for name in names where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: Self.fuzzFolder.appendingPathComponent(name).path, isDirectory: &isDirectory)
            guard isDirectory.boolValue else { continue }
            #expect(FuzzTarget(rawValue: name) != nil, "Tests/Fuzz/\(name) is no fuzz target (\(FuzzTarget.allCases.map(\.name)))")
            let kinds = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzFolder.appendingPathComponent(name).path)
            for kind in kinds where !kind.hasPrefix(".") && !kind.hasSuffix(".dict") {
                #expect(["seeds", "regressions", "findings"].contains(kind), "Tests/Fuzz/\(name)/\(kind) is never replayed")
            }
        }
    }

    /// CI fuzzes without `../shared`: each target needs seeds of its own, and a dictionary.
    @Test(arguments: FuzzTarget.allCases)
    func everyTargetHasSeedsAndADictionary(_ target: FuzzTarget) {
        #expect(Self.seeds.contains { $0.target == target }, "no seeds in Tests/Fuzz/\(target.name)/seeds")
        let dictionary = Self.fuzzFolder.appendingPathComponent("\(target.name)/\(target.name).dict").path
        #expect(FileManager.default.fileExists(atPath: dictionary), "no \(dictionary)")
    }

    /// The sample statements are seeds of their readers' targets and must read into statements
    /// there, or the target is not reaching the reader it claims to fuzz.
    @Test(arguments: [
        (FuzzTarget.csv, "girokonto-2026-10.csv"), (.ofxSGML, "visa-2026-10.qfx"), (.ofxXML, "us-checking-2026-10.ofx"),
        (.qif, "wallet-2026-10.qif"), (.sniffer, "girokonto-2026-10.csv"), (.sniffer, "visa-2026-10.qfx"),
        (.sniffer, "us-checking-2026-10.ofx"), (.sniffer, "wallet-2026-10.qif"),
    ])
    func sampleSeedReadsIntoAStatement(_ target: FuzzTarget, _ name: String) throws {
        let path = Self.fuzzFolder.appendingPathComponent("\(target.name)/seeds/\(name)").path
        let bytes = try #require(FileManager.default.contents(atPath: path), "no seed \(path)")
        let outcome = target.run(Array(bytes))
        #expect(outcome.items >= 1)
        #expect(outcome.errors == 0)
    }

    @Test func storyRulesCompileInTheRulesTarget() throws {
        let path = Self.fuzzFolder.appendingPathComponent("rules/seeds/40-food.rules").path
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let outcome = FuzzTarget.rules.run(Array(bytes))
        #expect(outcome.items == 7)
        #expect(outcome.errors == 0)
    }

    @Test func featureSeedCompilesWithoutErrors() throws {
        let path = Self.fuzzFolder.appendingPathComponent("rules/seeds/every-feature.rules").path
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let outcome = FuzzTarget.rules.run(Array(bytes))
        #expect(outcome.errors == 0)
        #expect(outcome.items == 7)
    }
}
