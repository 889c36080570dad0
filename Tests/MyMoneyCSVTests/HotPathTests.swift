import Testing
@testable import MyMoneyCSV

/// The reader's fast paths (shared cell strings, unescaping without arrays, the in-order shortcut)
/// give exactly what the plain paths give.
@Suite struct HotPathTests {
    @Test func repeatedTextGivesEqualStringsForEveryCellEvenWhenSlotsCollide() {
        var texts = RepeatedText(slots: 16) // tiny: most of these share a slot with another
        var expected: [String] = []
        var got: [String] = []
        let words = (0..<200).map { "Payee number \($0) of the statement" } + ["REWE Markt Berlin", "short", "", "Café Zürich Hauptbahnhof €"]
        for round in 0..<3 {
            for (k, word) in words.enumerated() where (k + round) % 2 == 0 || round == 2 {
                var copy = word
                got.append(copy.withUTF8 { texts.string($0) })
                expected.append(word)
            }
        }
        #expect(got == expected)
        #expect(got.allSatisfy { $0.utf8.count == $0.utf8.count })
    }

    @Test func repeatedTextTellsApartSameLengthTextsWithTheSameEnds() {
        var texts = RepeatedText(slots: 16)
        let a = "Lastschrift 0001 Stadtwerke", b = "Lastschrift 0002 Stadtwerke"
        var ca = a, cb = b
        let first = ca.withUTF8 { texts.string($0) }
        let second = cb.withUTF8 { texts.string($0) }
        let again = ca.withUTF8 { texts.string($0) }
        #expect([first, second, again] == [a, b, a])
    }

    @Test func doubledQuotesAreUnescapedAlsoInFieldsLongerThanTheStackBuffer() {
        let long = String(repeating: "x", count: 5000)
        let text = "Date,Description,Amount\n2024-01-02,\"A \"\"quoted\"\" \(long)\",-1.00\n2024-01-03,\"  \"\"B\"\"  \",2.00\n"
        let s = onlyStatement(readCSV(text))
        #expect(s?.transactions.map(\.payee) == ["A \"quoted\" \(long)", "\"B\""])
    }

    @Test func repeatedPayeesStayEqualToTheirCells() throws {
        var text = "Date,Description,Amount,Balance\n"
        var balance = 0
        let payees = ["REWE Markt Berlin Mitte", "\"ACME, Inc \"\"Store 12\"\"\"", "Netflix International", "Geldautomat Alexanderplatz"]
        let shown = ["REWE Markt Berlin Mitte", "ACME, Inc \"Store 12\"", "Netflix International", "Geldautomat Alexanderplatz"]
        for i in 0..<40 {
            balance += 100 - i
            text += "2024-01-\(10 + i / 4),\(payees[i % 4]),\(100 - i).00,\(balance).00\n"
        }
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.payee) == (0..<40).map { shown[$0 % 4] })
        #expect(s.balances.filter { $0.kind == .running }.count == 40)
    }

    @Test func inOrderFileKeepsFileOrderAndEverySameDayRow() throws {
        let text = "Date,Description,Amount,Balance\n2024-01-02,A,-1.00,9.00\n2024-01-02,B,-2.00,7.00\n2024-01-03,C,5.00,12.00\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.payee) == ["A", "B", "C"])
        #expect(s.balances.first { $0.kind == .opening }?.amount == amount("10.00"))
        #expect(s.balances.filter { $0.kind == .running }.map(\.transactionIndex) == [0, 1, 2])
    }

    @Test func oneDayFileReadsNewestFirstWhenTheChainSaysSo() throws {
        // Same day, balances chain only bottom-up: the file lists the newest row first.
        let text = "Date,Description,Amount,Balance\n2024-01-02,C,5.00,12.00\n2024-01-02,B,-2.00,7.00\n2024-01-02,A,-1.00,9.00\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.payee) == ["A", "B", "C"])
    }
}
