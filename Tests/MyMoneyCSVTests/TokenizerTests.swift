import Testing
@testable import MyMoneyCSV

/// The byte-level RFC 4180 tokenizer and its tolerances.
@Suite struct TokenizerTests {
    func rows(_ text: String, delimiter: UInt8 = 0x2C, limit: Int = 1 << 20) -> (rows: [[String]], lines: [Int], failure: CSVTokenizer.Failure?) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let (table, failure) = CSVTokenizer(delimiter: delimiter, maximumFieldBytes: limit).tokenize(buffer)
            let rows = (0..<table.rowCount).map { r in (0..<table.fieldCount(r)).map { CSVTable.string(table.span(r, $0)!, in: buffer) } }
            return (rows, table.rowLine.map(Int.init), failure)
        }
    }

    @Test func quotedFieldHoldsDelimiterDoubledQuoteAndNewline() {
        let r = rows("a,\"ACME, Inc \"\"Store 12\"\"\",\"Refund\norder 5531\"\nb,c,d\n")
        #expect(r.rows == [["a", "ACME, Inc \"Store 12\"", "Refund\norder 5531"], ["b", "c", "d"]])
        #expect(r.lines == [1, 3])
        #expect(r.failure == nil)
    }

    @Test func crOnlyLineEndingsAreRecordBreaks() {
        let r = rows("Date,Amount\r2015-06-12,1.00\r2015-06-13,2.00")
        #expect(r.rows.count == 3)
        #expect(r.lines == [1, 2, 3])
    }

    @Test func crlfCountsAsOneLineBreak() {
        let r = rows("a,b\r\nc,d\r\n\r\ne,f\r\n")
        #expect(r.rows == [["a", "b"], ["c", "d"], ["e", "f"]])
        #expect(r.lines == [1, 2, 4])
    }

    @Test func strayQuoteInsideUnquotedFieldIsLiteral() {
        #expect(rows("12\" pipe,5\n").rows == [["12\" pipe", "5"]])
    }

    @Test func spacesBeforeAQuotedFieldAreTolerated() {
        #expect(rows("\"a\", \"b, c\"\n").rows == [["a", "b, c"]])
    }

    @Test func textAfterClosingQuoteIsKept() {
        #expect(rows("\"abc\"def,x\n").rows == [["abcdef", "x"]])
    }

    @Test func trailingDelimiterAddsAnEmptyColumn() {
        #expect(rows("a;b;\n", delimiter: 0x3B).rows == [["a", "b", ""]])
    }

    @Test func blankLinesAreNotRows() {
        let r = rows("a,b\n\n   \nc,d\n")
        #expect(r.rows.filter { $0 != ["   "] && $0 != [""] } == [["a", "b"], ["c", "d"]])
        #expect(!r.rows.contains([""]))
    }

    @Test func fieldOverTheLimitStopsWithADiagnosticNotAnAllocation() {
        let long = "\"" + String(repeating: "x", count: 5000)
        let r = rows("a,b\n1," + long, limit: 1024)
        #expect(r.failure?.code == "csv.field.too-long")
        #expect(r.rows == [["a", "b"]])
    }

    @Test func unquotedLineOverTheLimitIsRefused() {
        let r = rows("a,b\n" + String(repeating: "y", count: 4000) + "\n", limit: 1024)
        #expect(r.failure?.code == "csv.line.too-long")
    }

    @Test func unterminatedQuoteIsAFailure() {
        let r = rows("a,\"open\nb,c\n")
        #expect(r.failure?.code == "csv.quote.unterminated")
        #expect(r.failure?.line == 1)
    }

    @Test func delimiterIsSniffedFromFieldCounts() {
        func sniff(_ s: String) -> UInt8 { Array(s.utf8).withUnsafeBufferPointer { CSVDialect.sniff($0) } }
        #expect(sniff("Datum;Betrag;Text\n01.02.2024;1,50;a, b\n02.02.2024;2,50;c\n") == 0x3B)
        #expect(sniff("Date\tAmount\tPayee\n2024-01-01\t1.00\tx\n2024-01-02\t2.00\ty\n") == 0x09)
        #expect(sniff("Date|Amount|Payee\n2024-01-01|1.00|x, y\n2024-01-02|2.00|z\n") == 0x7C)
        #expect(sniff("Date,Amount\n2024-01-01,\"1,50\"\n2024-01-02,2.00\n") == 0x2C)
    }
}
