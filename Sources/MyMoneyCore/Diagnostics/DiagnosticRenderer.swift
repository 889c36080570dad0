import Foundation
/// Renders diagnostics the way compilers and hledger do: a clickable `file:line:column` head,
/// the source line, a caret under the column (underlining the whole stretch when the diagnostic
/// knows its length), then notes.
///
/// ```
/// statements/acme.csv:14:12: error: cannot parse "1.234,5O" as an amount [csv.amount]
/// 14 | 2024-03-02;Coffee;1.234,5O
///    |            ^~~~~~~~
/// note: column "Amount" is mapped by Rules/profiles/acme.csvmap:3
/// ```
public struct DiagnosticRenderer: Sendable {
    /// Source texts by file name, used to show the offending line.
    public var sources: [String: SourceFile]
    /// Wrap the severity word in ANSI colors.
    public var color: Bool

    public init(sources: [String: SourceFile] = [:], color: Bool = false) {
        self.sources = sources
        self.color = color
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var head = ""
        var excerpt = ""
        if let file = diagnostic.file {
            head = file
            if let position = diagnostic.position {
                var column = position.column
                if let source = sources[file], position.offset <= source.text.count {
                    // A line that starts more than 4 KB before the offset (one-line OFX files) is
                    // shown from shortly before it and keeps the reader's byte column: rendering
                    // the whole line for each diagnostic made such files quadratic.
                    let near = source.lineText(containing: position.offset, limit: 4096)
                    let isWhole = near.isWhole
                    let window = isWhole ? near : source.lineText(containing: position.offset, limit: 80)
                    let line = window.text, start = window.start
                    // The byte column becomes a character column for people and editors.
                    let bytesBefore = max(0, min(position.offset - start, line.utf8.count))
                    let prefix = String(decoding: Array(line.utf8)[0..<bytesBefore], as: UTF8.self)
                    column = isWhole ? prefix.count + 1 : position.column
                    let number = String(position.line)
                    let gutter = String(repeating: " ", count: number.count)
                    let shown = (isWhole ? "" : "…") + String(line.prefix(300)).replacingOccurrences(of: "\t", with: " ")
                    let caret = isWhole ? column - 1 : prefix.count + 1
                    excerpt = "\n\(number) | \(shown)\n\(gutter) | \(String(repeating: " ", count: min(caret, 300)))^"
                    if let length = diagnostic.length, length > 1 {
                        // The underlined characters: the stretch's bytes on this line, counted as characters.
                        let lineBytes = Array(line.utf8)
                        let end = min(lineBytes.count, bytesBefore + length)
                        let covered = end > bytesBefore ? String(decoding: lineBytes[bytesBefore..<end], as: UTF8.self).count : 0
                        let room = max(0, 300 - caret - 1)
                        if covered > 1 { excerpt += String(repeating: "~", count: min(covered - 1, room)) }
                    }
                }
                head += ":\(position.line):\(column)"
            }
            head += ": "
        }
        let word = diagnostic.severity.rawValue
        let painted: String
        if color {
            let code = diagnostic.severity == .error ? "31" : (diagnostic.severity == .warning ? "33" : "36")
            painted = "\u{1B}[1;\(code)m\(word)\u{1B}[0m"
        } else {
            painted = word
        }
        var out = "\(head)\(painted): \(diagnostic.message) [\(diagnostic.code)]\(excerpt)"
        for note in diagnostic.notes { out += "\nnote: \(note)" }
        return out
    }
}
