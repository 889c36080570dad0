import Foundation
import MyMoneyCore

/// The shared corpus of real statement files (`../shared/corpus` beside the repository) and the
/// facts other projects' tests assert about them (`expected.json`).
///
/// Tests that use it skip with a message when `../shared` is absent.
public enum Corpus {
    /// The repository's root folder, found from this file's path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`, or nil when it is not there.
    public static var directory: URL? {
        if let env = ProcessInfo.processInfo.environment["MYMONEY_CORPUS"] {
            return URL(fileURLWithPath: env)
        }
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The message a skipped test prints.
    public static let absentMessage = "../shared/corpus is absent: corpus tests skipped"

    /// The entries of `expected.json` whose key starts with `prefix` (`"csv/"`), sorted by key.
    public static func expectations(prefix: String) -> [(key: String, facts: [String: Any])] {
        guard let directory,
              let data = try? Data(contentsOf: directory.appendingPathComponent("expected.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        return object.keys.filter { $0.hasPrefix(prefix) }.sorted().compactMap { key in
            (object[key] as? [String: Any]).map { (key, $0) }
        }
    }

    /// The keys of `expected.json` entries starting with `prefix`, for parameterized tests.
    public static func keys(prefix: String) -> [String] {
        expectations(prefix: prefix).map(\.key)
    }

    /// The facts recorded for one corpus file.
    public static func facts(for key: String) -> [String: Any]? {
        expectations(prefix: key).first(where: { $0.key == key })?.facts
    }

    /// The bytes of a corpus file (`"csv/hledger__sample.csv"`).
    public static func bytes(_ key: String) throws -> [UInt8] {
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        return Array(try Data(contentsOf: directory.appendingPathComponent(key)))
    }

    /// The repository's `Samples/` folder.
    public static var samples: URL { repositoryRoot.appendingPathComponent("Samples") }
}
