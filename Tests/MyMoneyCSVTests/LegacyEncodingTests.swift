import Testing
import MyMoneyCSV

/// Shift_JIS, GB18030, Big5, EUC-KR and ISO-8859-2 exports, chosen by the bytes' evidence
/// (fixtures written with iconv from UTF-8 text) or named with `ReadOptions.encoding`.
@Suite struct LegacyEncodingTests {
    @Test(arguments: [
        ("shift-jis-bank.csv", "shift_jis", ["250000", "-540", "-8200", "-15000"], "給与 ｶﾌﾞｼｷｶﾞｲｼｬ ﾔﾏﾀﾞ"),
        ("gb18030-bank.csv", "gb18030", ["15000.00", "-256.80", "-1000.00"], "北京某某科技有限公司"),
        ("big5-bank.csv", "big5", ["52000", "-3000", "-12500"], "薪資轉入"),
        ("euc-kr-bank.csv", "euc-kr", ["3500000", "-4500", "-185000"], "급여 입금"),
        ("iso-8859-2-bank.csv", "iso-8859-2", ["-5.00", "500.00", "-86.40"], "Opłata za kartę"),
    ])
    func legacyEncodedBankExportIsReadByItsEvidence(_ file: String, _ encoding: String, _ amounts: [String], _ firstText: String) throws {
        let result = readFixture(file)
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        #expect(s.source.encoding == encoding)
        #expect(s.transactions.map(\.amount) == amounts.map(amount))
        #expect(s.transactions.first?.payee == firstText || s.transactions.first?.memo == firstText)
        #expect(!result.diagnostics.containsErrors)
    }

    @Test(arguments: ["shift_jis", "cp932", "gb18030", "gbk", "big5", "cp950", "euc-kr", "cp949", "iso-8859-2", "latin2"])
    func encodingNamesAreRead(_ name: String) {
        #expect(TextEncoding(name: name) != nil)
    }

    @Test func namingTheEncodingOverridesTheEvidence() throws {
        // The Big5 fixture named as Big5 explicitly; named as Shift_JIS it does not read.
        let big5 = readFixture("big5-bank.csv", options: ReadOptions(encoding: .big5))
        #expect(onlyStatement(big5)?.source.encoding == "big5")
        let wrong = readFixture("gb18030-bank.csv", options: ReadOptions(encoding: .shiftJIS))
        #expect(wrong.diagnostics.contains { $0.code == "csv.encoding" })
    }

    @Test func latin2AndWindows1250AreToldApartByLettersInsideWords() throws {
        // ą is 0xB1 in ISO-8859-2 and 0xB9 in Windows-1250 (where 0xB1 is ±).
        let latin2: [UInt8] = Array("Data;Opis;Kwota\n01.10.2026;Przelew przychodz".utf8) + [0xB1, 0x63, 0x79] + Array(";500,00\n".utf8)
        let cp1250: [UInt8] = Array("Data;Opis;Kwota\n01.10.2026;Przelew przychodz".utf8) + [0xB9, 0x63, 0x79] + Array(";500,00\n".utf8)
        for (bytes, name) in [(latin2, "iso-8859-2"), (cp1250, "windows-1250")] {
            let s = try #require(onlyStatement(CSVReader().read(bytes, file: "e.csv", options: ReadOptions())))
            #expect(s.source.encoding == name)
            #expect(s.transactions.first?.memo == "Przelew przychodzący" || s.transactions.first?.payee == "Przelew przychodzący")
        }
    }

    @Test func westernTextStaysWindows1252() throws {
        let bytes: [UInt8] = Array("Datum;Empf".utf8) + [0xE4] + Array("nger;Betrag\n01.02.2024;M".utf8) + [0xFC] + Array("ller Caf".utf8) + [0xE9] + Array(";-1,50\n".utf8)
        let s = try #require(onlyStatement(CSVReader().read(bytes, file: "e.csv", options: ReadOptions())))
        #expect(s.source.encoding == "windows-1252")
        #expect(s.transactions.first?.payee == "Müller Café")
    }

    @Test func japaneseDatesWithUnitCharactersAreRead() throws {
        let s = try #require(onlyStatement(readCSV("日付,摘要,金額\n2026年10月5日,コンビニ,-540\n2026年10月12日,給与,250000\n")))
        #expect(s.transactions.map(\.day) == [day("2026-10-05"), day("2026-10-12")].compactMap { $0 })
    }
}
