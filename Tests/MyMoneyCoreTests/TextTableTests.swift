import Testing
import MyMoneyCore

@Suite("text tables")
struct TextTableTests {
    @Test func numbersAlignRightAndLineBreaksInCellsBecomeSpaces() {
        var table = TextTable(["payee", "amount"], alignments: [.left, .right])
        table.add(["Crédit\r\nAgricole", "-3.50"])
        table.add(["X", "1200.00"])
        #expect(table.render() == """
        payee             amount
        ---------------  -------
        Crédit Agricole    -3.50
        X                1200.00
        """)
    }
}
