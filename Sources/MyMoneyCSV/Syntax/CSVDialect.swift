/// The delimiter of a CSV file, chosen from the consistency of field counts.
enum CSVDialect {
    /// The delimiters bank files use, in order of preference on a tie.
    static let candidates: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C] // , ; tab |

    /// The printable name of a delimiter byte (`,` `;` `tab` `|`).
    static func name(_ delimiter: UInt8) -> String {
        delimiter == 0x09 ? "tab" : String(UnicodeScalar(delimiter))
    }

    /// Reads a profile's spelling of a delimiter (`,` `;` `tab` `\t` `|` `comma` `semicolon`).
    static func parse(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case ",", "comma": return 0x2C
        case ";", "semicolon": return 0x3B
        case "tab", "\\t", "\t": return 0x09
        case "|", "pipe": return 0x7C
        default: return nil
        }
    }

    /// Picks the delimiter whose field counts are the most consistent over the first 200 rows.
    ///
    /// Each candidate's score is the number of rows sharing the most common field count (above 1)
    /// times that count's weight; preamble lines with one or two fields hardly count. A file in
    /// which no candidate splits any line gets `,`.
    static func sniff(_ text: [UInt8]) -> UInt8 { text.withUnsafeBufferPointer { sniff($0) } }

    static func sniff(_ text: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let head = UnsafeBufferPointer(rebasing: text[0..<min(text.count, 64 * 1024)])
        var best: (delimiter: UInt8, score: Int) = (0x2C, 0)
        for delimiter in candidates {
            let tokenizer = CSVTokenizer(delimiter: delimiter, rowLimit: 200)
            let (table, _) = tokenizer.tokenize(head)
            var histogram: [Int: Int] = [:]
            for row in 0..<table.rowCount where table.fieldCount(row) > 1 {
                histogram[table.fieldCount(row), default: 0] += 1
            }
            // The count that covers the most cells (rows × fields), ties to the larger count.
            var score = 0
            for (count, rows) in histogram where rows >= 1 {
                let s = rows * 4 + min(count, 40)
                if rows > 1 || table.rowCount <= 2 { score = max(score, s) }
            }
            if score > best.score { best = (delimiter, score) }
        }
        return best.delimiter
    }
}
