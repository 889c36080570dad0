import Testing
import MyMoneyCSV

/// Bytes to text: what the reader accepts, what it refuses.
@Suite struct EncodingTests {
    func read(_ bytes: [UInt8], options: ReadOptions = ReadOptions()) -> ReadResult {
        CSVReader().read(bytes, file: "e.csv", options: options)
    }

    @Test func windows1252EuroInPayee() throws {
        let latin: [UInt8] = Array("Datum;Empf".utf8) + [0xE4] + Array("nger;Betrag\n01.02.2024;Caf".utf8) + [0xE9, 0x20, 0x80] + Array(";-1,50\n".utf8)
        let s = try #require(onlyStatement(read(latin)))
        #expect(s.source.encoding == "windows-1252")
        #expect(s.transactions.first?.payee == "Café €")
    }

    @Test func encodingOptionOverridesTheEvidence() throws {
        let latin: [UInt8] = Array("Date,Payee,Amount\n2024-02-01,".utf8) + [0xE9, 0x63, 0x6C, 0x61, 0x69, 0x72] + Array(",1\n".utf8)
        let s = try #require(onlyStatement(read(latin, options: ReadOptions(encoding: .latin1))))
        #expect(s.source.encoding == "iso-8859-1")
        #expect(s.transactions.first?.payee == "éclair")
    }

    @Test func utf16WithByteOrderMarkAndTabs() throws {
        let text = "Date\tPayee\tAmount\n2024-02-01\tCafé\t-3.50\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let s = try #require(onlyStatement(read(bytes)))
        #expect(s.source.encoding == "utf-16le")
        #expect(s.transactions.first?.payee == "Café")
    }

    @Test func binaryJunkIsRefusedWithAClearError() {
        let junk: [UInt8] = (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let result = read(junk)
        #expect(result.statements.isEmpty)
        #expect(result.diagnostics.contains { $0.code == "csv.binary" || $0.code == "csv.header.missing" })
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0x01, count: 40)
        #expect(read(zip).diagnostics.first?.code == "csv.binary")
    }

    @Test func hostileInputsNeverCrash() {
        let inputs: [[UInt8]] = [
            [], [0x22], Array("\"\"\"".utf8), Array(",,,,\n,,,\n".utf8), Array(";".utf8), [0xFF, 0xFE, 0x00],
            Array("Date,Amount\n2024-01-01,99999999999999999999\n".utf8), Array("Date,Amount\n2024-01-01,-9223372036854775808\n".utf8),
            Array("Date,Amount,Balance\n2024-01-01,900000000000000000,900000000000000000\n2024-01-02,900000000000000000,-1\n".utf8),
            Array(String(repeating: "\"a\"\"", count: 1000).utf8), Array(String(repeating: "\n", count: 10000).utf8),
        ]
        for input in inputs {
            let result = read(input)
            #expect(result.statements.count <= 1)
        }
    }
}
