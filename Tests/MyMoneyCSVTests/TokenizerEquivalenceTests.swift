import Testing
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// The word-at-a-time tokenizer against the byte-at-a-time one it replaced (kept here, verbatim
/// but for its signature, as the reference): the same table and the same failure for random
/// inputs built from the bytes that matter, with runs long enough for the eight-byte paths.
@Suite struct TokenizerEquivalenceTests {
    enum Reference {
        static func tokenize(_ text: UnsafeBufferPointer<UInt8>, delimiter: UInt8, maximumFieldBytes: Int, rowLimit: Int?) -> (table: CSVTable, failure: CSVTokenizer.Failure?) {
            var table = CSVTable()
            let n = text.count
            if rowLimit == nil {
                // A rough capacity guess keeps appends cheap on large files.
                table.fields.reserveCapacity(n / 10)
                table.rowLine.reserveCapacity(n / 40)
                table.rowOffset.reserveCapacity(n / 40)
                table.rowFieldStart.reserveCapacity(n / 40 + 1)
            }
            let limit = maximumFieldBytes
            var i = 0
            var line: Int32 = 1
            var lineStart = 0
            var rowStart = 0
            var rowStartLine: Int32 = 1
            var rowFields = 0
            var failure: CSVTokenizer.Failure?

            @inline(__always) func endRow(_ table: inout CSVTable) {
                // A blank line (one empty unquoted field) is not a row.
                let first = table.fields.count - rowFields
                if rowFields == 1 {
                    let f = table.fields[first]
                    if !f.needsUnescape && CSVTable.trimmed(text, Int(f.start), Int(f.end)).isEmpty
                        && (Int(f.start) == 0 || text[Int(f.start) - 1] != 0x22) {
                        table.fields.removeLast()
                        rowFields = 0
                        return
                    }
                }
                table.rowLine.append(rowStartLine)
                table.rowOffset.append(Int32(truncatingIfNeeded: rowStart))
                table.rowFieldStart.append(Int32(truncatingIfNeeded: table.fields.count))
                rowFields = 0
            }

            guard n < Int(Int32.max) else {
                return (table, CSVTokenizer.Failure(code: "csv.too-large", message: "the file is larger than 2 GiB", offset: 0, line: 1, lineStart: 0))
            }

            rows: while i <= n {
                if let rowLimit, table.rowCount >= rowLimit { break }
                // Start of a field.
                var start = i
                var quoted = false
                if i < n {
                    if text[i] == 0x22 { quoted = true }
                    else if text[i] == 0x20 {
                        var j = i
                        while j < n, text[j] == 0x20 { j += 1 }
                        if j < n, text[j] == 0x22 { quoted = true; start = j; i = j }
                    }
                }
                var span: CSVFieldSpan
                if quoted {
                    i += 1
                    let contentStart = i
                    var escaped = false
                    var closed = false
                    while i < n {
                        let b = text[i]
                        if b == 0x22 {
                            if i + 1 < n, text[i + 1] == 0x22 { escaped = true; i += 2; continue }
                            closed = true
                            break
                        }
                        if b == 0x0A { line += 1; lineStart = i + 1 }
                        else if b == 0x0D { if i + 1 < n, text[i + 1] == 0x0A { i += 1 }; line += 1; lineStart = i + 1 }
                        i += 1
                        if i - contentStart > limit { break }
                    }
                    if i - contentStart > limit {
                        failure = CSVTokenizer.Failure(code: "csv.field.too-long",
                                          message: "a quoted field is longer than \(limit / 1024) KiB; is a closing quote missing?",
                                          offset: start, line: Int(rowStartLine), lineStart: rowStart)
                        break rows
                    }
                    if !closed {
                        failure = CSVTokenizer.Failure(code: "csv.quote.unterminated",
                                          message: "a quoted field is never closed: the file ends inside quotes",
                                          offset: start, line: Int(rowStartLine), lineStart: rowStart)
                        break rows
                    }
                    let contentEnd = i
                    i += 1 // closing quote
                    if i < n, text[i] != delimiter, text[i] != 0x0A, text[i] != 0x0D {
                        // Text after the closing quote: keep it, decoded on demand.
                        while i < n, text[i] != delimiter, text[i] != 0x0A, text[i] != 0x0D { i += 1 }
                        span = CSVFieldSpan(start: Int32(start), end: Int32(i), needsUnescape: true)
                    } else if escaped {
                        span = CSVFieldSpan(start: Int32(start), end: Int32(contentEnd), needsUnescape: true)
                    } else {
                        span = CSVFieldSpan(start: Int32(contentStart), end: Int32(contentEnd), needsUnescape: false)
                    }
                } else {
                    while i < n {
                        let b = text[i]
                        if b == delimiter || b == 0x0A || b == 0x0D { break }
                        i += 1
                    }
                    span = CSVFieldSpan(start: Int32(start), end: Int32(i), needsUnescape: false)
                }
                table.fields.append(span)
                rowFields += 1
                if i - rowStart > limit && i - lineStart > limit {
                    failure = CSVTokenizer.Failure(code: "csv.line.too-long",
                                      message: "a line is longer than \(limit / 1024) KiB; this does not look like a bank statement",
                                      offset: rowStart, line: Int(rowStartLine), lineStart: rowStart)
                    table.fields.removeLast(rowFields)
                    rowFields = 0
                    break rows
                }
                if i >= n {
                    endRow(&table)
                    break
                }
                let b = text[i]
                if b == delimiter { i += 1; continue }
                // A line break ends the row.
                if b == 0x0D, i + 1 < n, text[i + 1] == 0x0A { i += 1 }
                i += 1
                line += 1
                lineStart = i
                endRow(&table)
                rowStart = i
                rowStartLine = line
                if i >= n { break }
            }
            if failure != nil, rowFields > 0 { table.fields.removeLast(rowFields) }
            return (table, failure)
        }
    }

    func randomText(_ rng: inout SeededGenerator) -> [UInt8] {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("abcdefghijkl".utf8), Array(",".utf8), Array(";".utf8),
                                 Array("\"".utf8), Array("\"\"".utf8), Array("\n".utf8), Array("\r\n".utf8), Array("\r".utf8),
                                 Array(" ".utf8), Array("   ".utf8), Array("2024-01-02".utf8), Array("-150.00".utf8),
                                 Array("Caf\u{e9} \u{20ac}".utf8), Array(String(repeating: "x", count: 40).utf8)]
        var out: [UInt8] = []
        for _ in 0..<Int.random(in: 0...60, using: &rng) { out += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
        return out
    }

    @Test func sameTablesAndFailuresAsTheByteAtATimeTokenizer() {
        var rng = SeededGenerator(seed: 20261130)
        for round in 0..<3000 {
            let text = randomText(&rng)
            let delimiter: UInt8 = round % 3 == 0 ? 0x3B : 0x2C
            let limit = [8, 16, 33, 1 << 20][round % 4]
            let rowLimit: Int? = round % 5 == 0 ? 2 : nil
            text.withUnsafeBufferPointer { buffer in
                let (table, failure) = CSVTokenizer(delimiter: delimiter, maximumFieldBytes: limit, rowLimit: rowLimit).tokenize(buffer)
                let (expected, expectedFailure) = Reference.tokenize(buffer, delimiter: delimiter, maximumFieldBytes: limit, rowLimit: rowLimit)
                #expect(table.fields == expected.fields, "round \(round)")
                #expect(table.rowFieldStart == expected.rowFieldStart, "round \(round)")
                #expect(table.rowLine == expected.rowLine, "round \(round)")
                #expect(table.rowOffset == expected.rowOffset, "round \(round)")
                #expect(failure == expectedFailure, "round \(round)")
            }
        }
    }
}
