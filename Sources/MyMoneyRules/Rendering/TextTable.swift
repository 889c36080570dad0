import Foundation

/// A plain-text table: columns padded to their widest cell, two spaces apart, no trailing spaces.
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []

    init(_ headers: [String]) { self.headers = headers }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var out = ""
            for (i, cell) in cells.enumerated() {
                let last = i == cells.count - 1
                out += last ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
            }
            while out.hasSuffix(" ") { out.removeLast() }
            return out
        }
        var out = line(headers) + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}

/// The JSON all renderers write: sorted keys, two-space indentation, slashes unescaped.
enum ReportJSON {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// A rule as JSON output names it.
struct RuleJSON: Codable, Hashable {
    var name: String
    var file: String
    var line: Int
    var stage: String

    init(_ rule: CompiledRule) {
        name = rule.name
        file = rule.reference.file
        line = rule.reference.line
        stage = rule.stage.rawValue
    }
}

extension LedgerTransaction {
    /// `-54.37 EUR`.
    var shownAmount: String { "\(amount) \(currency.code)" }
}
