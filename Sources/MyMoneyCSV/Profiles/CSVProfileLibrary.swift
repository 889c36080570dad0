import Foundation

/// The bank profiles in a folder (`Rules/profiles/*.csvprofile`), sorted by file name.
public struct CSVProfileLibrary: Sendable {
    public var profiles: [CSVProfile]
    /// Problems found while reading the profiles (a broken profile is left out).
    public var diagnostics: [Diagnostic]

    /// Reads every `.csvprofile` file in `directory`.
    ///
    /// - Throws: when the folder cannot be listed.
    public init(directory: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".csvprofile") }.sorted()
        var profiles: [CSVProfile] = []
        var diagnostics: [Diagnostic] = []
        for name in names {
            let url = directory.appendingPathComponent(name)
            let display = directory.lastPathComponent == "profiles" ? "Rules/profiles/\(name)" : url.path
            guard let data = FileManager.default.contents(atPath: url.path) else {
                diagnostics.append(.error("csv.profile.io", "cannot read \(display)", file: display))
                continue
            }
            let (profile, problems) = CSVProfile.parse(String(decoding: data, as: UTF8.self), file: display)
            diagnostics.append(contentsOf: problems)
            if let profile { profiles.append(profile) }
        }
        self.profiles = profiles
        self.diagnostics = diagnostics
    }

    public init(profiles: [CSVProfile]) {
        self.profiles = profiles
        self.diagnostics = []
    }

    /// The profile with this name.
    public func profile(named name: String) -> CSVProfile? { profiles.first { $0.name == name } }
}
