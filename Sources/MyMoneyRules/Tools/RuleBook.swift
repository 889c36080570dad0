import Foundation

/// Loads the rules of a folder: every `*.rules` file in file-name order, parsed and compiled.
public enum RuleBook {
    /// Reads, parses and compiles `directory/*.rules` (not sub-folders such as `profiles/`).
    ///
    /// File names in diagnostics are `displayName/FILE` (default: the directory's path as given),
    /// so messages point where the user typed. A missing folder or unreadable file is a
    /// `rules.io` error; a file that is not UTF-8 is `rules.encoding`.
    public static func load(directory: URL, displayName: String? = nil) -> RuleCompilation {
        let shown = displayName ?? directory.path
        let prefix = shown.hasSuffix("/") ? shown : shown + "/"
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".rules") && !$0.hasPrefix(".") }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        } catch {
            let diagnostic = Diagnostic.error("rules.io", "cannot read the rules folder \(shown)", file: shown,
                                              notes: ["check that the folder exists and can be read; pass another with --rules DIR"])
            return RuleCompilation(ruleSet: nil, diagnostics: [diagnostic], files: [])
        }
        return load(files: names.map { (directory.appendingPathComponent($0), prefix + $0) })
    }

    /// Reads, parses and compiles the given files in order, each shown under its display name.
    public static func load(files: [(url: URL, name: String)]) -> RuleCompilation {
        var parsed: [RuleFile] = []
        var problems: [Diagnostic] = []
        for (url, name) in files {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                problems.append(.error("rules.io", "cannot read \(name)", file: name, notes: ["check that the file exists and can be read"]))
                continue
            }
            var bytes = Array(data)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            guard String(validating: bytes, as: UTF8.self) != nil else {
                let source = SourceFile(name: name, text: bytes)
                let offset = firstInvalidUTF8(bytes)
                problems.append(.error("rules.encoding", "\(name) is not UTF-8 text", file: name, at: source.position(ofOffset: offset),
                                       notes: ["save rules files as UTF-8"]))
                continue
            }
            parsed.append(RuleParser.parse(SourceFile(name: name, text: bytes)))
        }
        var compilation = RuleCompiler.compile(parsed)
        if !problems.isEmpty {
            compilation.diagnostics = problems + compilation.diagnostics
            compilation.ruleSet = nil
        }
        return compilation
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : (b >> 5 == 0b110 ? 2 : (b >> 4 == 0b1110 ? 3 : (b >> 3 == 0b11110 ? 4 : 0)))
            if length == 0 || i + length > bytes.count { return i }
            if length > 1 && String(validating: bytes[i..<(i + length)], as: UTF8.self) == nil { return i }
            i += length
        }
        return i
    }
}
