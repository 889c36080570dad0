import Foundation

/// The error catalogue of one reader or compiler: one minimal input per diagnostic code, with the
/// exact text a user sees for it, kept in a golden file beside the tests.
///
/// Every catalogue has the same two checks, so a reader that has learned one knows all:
/// - ``compare(_:)``: each entry's rendering equals its block in the golden file (or, with
///   `MYMONEY_RECORD_GOLDENS=1` in the environment, the file is written anew: review the diff);
/// - ``uncatalogued(entries:exempt:)``: every code the module's sources name (a string literal
///   `"prefix.name"`) has an entry, so a new diagnostic cannot ship without its documented text.
///
/// The golden file is a list of blocks, `=== CODE` on a line of its own, then the rendering:
///
/// ```
/// === csv.amount
/// t.csv:2:21: error: cannot parse "1.234,5O" as an amount [csv.amount]
/// ...
/// ```
public struct ErrorCatalogue: Sendable {
    /// The code prefix without its dot (`csv`, `ofx`, `rules`).
    public let prefix: String
    public let golden: URL
    /// The module's source folder, searched for the codes it names.
    public let sources: URL

    /// - Parameters:
    ///   - prefix: the codes' prefix (`"ofx"` for `ofx.syntax`).
    ///   - module: the source folder under `Sources/` (`"MyMoneyOFX"`).
    ///   - testFile: the calling test's `#filePath`; the golden file is `Fixtures/error-catalogue.txt` beside it.
    public init(prefix: String, module: String, testFile: String = #filePath) {
        let tests = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        self.prefix = prefix
        self.golden = tests.appendingPathComponent("Fixtures/error-catalogue.txt")
        self.sources = tests.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources").appendingPathComponent(module)
    }

    /// What differs between the renderings and the golden file: one line per problem (a code
    /// whose input produced nothing, a missing block, a changed rendering with both texts), empty
    /// when all agree. Records the file instead (and returns nothing) under `MYMONEY_RECORD_GOLDENS`.
    public func compare(_ rendered: [(code: String, output: String)]) throws -> [String] {
        if ProcessInfo.processInfo.environment["MYMONEY_RECORD_GOLDENS"] != nil {
            let text = rendered.map { "=== \($0.code)\n\($0.output)\n" }.joined(separator: "\n")
            try text.write(to: golden, atomically: true, encoding: .utf8)
            return []
        }
        let expected = try blocks()
        if expected.isEmpty { return ["\(golden.path): no golden blocks; record them with MYMONEY_RECORD_GOLDENS=1"] }
        var problems: [String] = []
        for (code, output) in rendered {
            let text = output.trimmingCharacters(in: .newlines)
            if text.isEmpty {
                problems.append("\(code): the entry's input produced no diagnostic with this code")
            } else if let block = expected[code] {
                if block != text { problems.append("\(code): rendered\n\(text)\nbut the catalogue says\n\(block)") }
            } else {
                problems.append("\(code): no block in \(golden.lastPathComponent)")
            }
        }
        return problems
    }

    /// The codes the module's sources name that have no entry and are not `exempt` (sorted).
    public func uncatalogued(entries: [String], exempt: Set<String> = []) throws -> [String] {
        try namedCodes().subtracting(entries).subtracting(exempt).sorted()
    }

    /// Every `"prefix.name"` string literal in the module's Swift sources: a name starts with a
    /// letter and holds letters, digits, `.` and `-` (`"camt.053"` is a format, not a code).
    public func namedCodes() throws -> Set<String> {
        var found = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let opening = "\"\(prefix)."
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            var rest = Substring(text)
            while let r = rest.range(of: opening) {
                let tail = rest[r.upperBound...]
                let name = tail.prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
                if name.first?.isLetter == true, tail.dropFirst(name.count).first == "\"" { found.insert("\(prefix).\(name)") }
                rest = tail
            }
        }
        return found
    }

    /// The golden file's blocks by code.
    func blocks() throws -> [String: String] {
        guard FileManager.default.fileExists(atPath: golden.path) else { return [:] }
        let text = try String(contentsOf: golden, encoding: .utf8)
        var result: [String: String] = [:]
        for block in ("\n" + text).components(separatedBy: "\n=== ").dropFirst() {
            guard let newline = block.firstIndex(of: "\n") else { continue }
            result[String(block[..<newline])] = String(block[block.index(after: newline)...]).trimmingCharacters(in: .newlines)
        }
        return result
    }

    /// Lines longer than `limit` characters cut with `…`, so a golden file stays readable.
    public static func cuttingLongLines(_ text: String, at limit: Int = 200) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.count > limit ? String($0.prefix(limit)) + "…" : String($0) }
            .joined(separator: "\n")
    }
}
