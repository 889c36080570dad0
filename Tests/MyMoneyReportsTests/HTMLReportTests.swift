import Testing
import MyMoneyReports

@Suite("HTML report")
struct HTMLReportTests {
    static let eur = Currency.EUR
    static func amount(_ text: String) -> Amount { try! Amount(parsing: text) }

    static var data: HTMLReportData {
        HTMLReportData(
            from: Day(iso: "2026-10-01"), through: Day(iso: "2026-10-31"),
            currencies: [HTMLReportData.CurrencySection(
                currency: eur, income: amount("3200.00"), expense: amount("-158.92"), cashflow: amount("3041.08"),
                transfersIn: .zero, transfersOut: .zero, count: 3,
                months: [HTMLReportData.Month(label: "2026-10", income: amount("3200.00"), expense: amount("-158.92"))],
                categories: [HTMLReportData.CategoryNode(name: "Food & <Drink>", icon: "cart", total: amount("-158.92"), children: [
                    HTMLReportData.CategoryNode(name: "Groceries", total: amount("-132.42")),
                    HTMLReportData.CategoryNode(name: "Coffee", total: amount("-26.50")),
                ])])],
            budgets: [HTMLReportData.BudgetLine(title: "#coffee", period: "month", limit: amount("50"), spent: amount("60"),
                                                left: amount("-10"), currency: eur, status: "over",
                                                color: "red;background:url(http://x)")],
            largestExpenses: [HTMLReportData.ExpenseLine(day: Day(iso: "2026-10-02")!, payee: "<script>alert(1)</script>",
                                                         account: "Giro\"konto", category: nil, amount: amount("-54.37"), currency: eur)])
    }

    @Test func payeeScriptShowsAsText() {
        let html = HTMLReport(Self.data).render()
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Giro&quot;konto"))
        #expect(html.contains("Food &amp; &lt;Drink&gt;"))
    }

    @Test func aColorThatIsNotHexNeverReachesAStyle() {
        let html = HTMLReport(Self.data).render()
        #expect(!html.contains("url(http"))
        #expect(HTMLText.color("#8B4513") == "#8B4513")
        #expect(HTMLText.color("#8B451") == nil)
        #expect(HTMLText.color("red") == nil)
    }

    @Test func categoriesWithChildrenOpenAndClose() {
        let html = HTMLReport(Self.data).render()
        #expect(html.contains("<li><details><summary><span class=\"icon\">🛒</span> <span class=\"name\">Food &amp; &lt;Drink&gt;</span>"))
        #expect(html.contains("<li class=\"leaf\"><span class=\"name\">Groceries</span>"))
    }

    @Test func chartsAreInlineSVGWithExactAmountsAsLabels() {
        let html = HTMLReport(Self.data).render()
        #expect(html.contains("<svg class=\"chart\""))
        #expect(html.contains(">3200.00</text>"))
        #expect(html.contains(">158.92</text>"))
    }

    @Test func emptySectionsAreLeftOut() {
        let html = HTMLReport(HTMLReportData()).render()
        #expect(html.contains("No transactions in this period."))
        #expect(!html.contains("id=\"budgets\""))
        #expect(!html.contains("id=\"unconverted\""))
    }

    @Test func respectsTheColorScheme() {
        #expect(HTMLReport(Self.data).render().contains("@media (prefers-color-scheme: dark)"))
    }
}
