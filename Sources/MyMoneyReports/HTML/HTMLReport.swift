/// The books as one self-contained HTML page (`mymoney report html`): no network, no scripts,
/// fonts or styles from elsewhere, readable opened from disk on a phone or a desktop.
///
/// Sections: the overview of the period per currency, income and expense per month (SVG bars),
/// spending by category as a tree the reader opens and closes (`<details>`, no script), budgets
/// with progress bars and status, net worth over time (SVG line), accounts with balances and
/// reconciliation status, transfers, and money that could not be converted. Lists become grids
/// on wide screens; colors follow `prefers-color-scheme`; tag colors and category icons are used
/// where set. Every text from the books is escaped (``HTMLText``).
public struct HTMLReport: Sendable {
    public var data: HTMLReportData

    public init(_ data: HTMLReportData) { self.data = data }

    func e(_ text: String) -> String { HTMLText.escaped(text) }

    func money(_ amount: Amount, _ currency: Currency) -> String {
        "<span class=\"money\(amount.isNegative ? " neg" : "")\">\(amount.atMinorUnits(of: currency)) \(currency.code)</span>"
    }

    var period: String {
        switch (data.from, data.through) {
        case let (from?, through?): return "\(from) to \(through)"
        case let (from?, nil): return "from \(from)"
        case let (nil, through?): return "through \(through)"
        case (nil, nil): return "all days"
        }
    }

    public func render() -> String {
        var body = "<header><h1>\(e(data.title))</h1><p class=\"period\">\(e(period))</p></header>\n<main>\n"
        body += overview() + months() + categories() + budgets() + netWorth() + accounts() + transfers() + largestExpenses() + unconverted()
        body += "</main>\n<footer>Made by My Money from the ledger; every amount is exact.</footer>\n"
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>\(e(data.title)) – \(e(period))</title>
        <style>\(HTMLReport.style)</style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    func overview() -> String {
        guard !data.currencies.isEmpty else { return "<section id=\"overview\"><h2>Overview</h2><p>No transactions in this period.</p></section>\n" }
        var out = "<section id=\"overview\"><h2>Overview</h2><ul class=\"cards\">"
        for c in data.currencies {
            out += "<li class=\"card\" data-currency=\"\(c.currency.code)\"><h3>\(c.currency.code)</h3><dl>"
            out += "<dt>Income</dt><dd class=\"income-total\">\(money(c.income, c.currency))</dd>"
            out += "<dt>Expense</dt><dd class=\"expense-total\">\(money(c.expense, c.currency))</dd>"
            out += "<dt>Cash flow</dt><dd>\(money(c.cashflow, c.currency))</dd>"
            out += "<dt>Transfers in</dt><dd>\(money(c.transfersIn, c.currency))</dd>"
            out += "<dt>Transfers out</dt><dd>\(money(c.transfersOut, c.currency))</dd>"
            out += "<dt>Transactions</dt><dd>\(c.count)</dd></dl></li>"
        }
        return out + "</ul></section>\n"
    }

    func months() -> String {
        let charts = data.currencies.filter { !$0.months.isEmpty }
        guard !charts.isEmpty else { return "" }
        var out = "<section id=\"months\"><h2>Income and expense per month</h2><ul class=\"cards wide\">"
        for c in charts {
            out += "<li class=\"card\"><h3>\(c.currency.code)</h3>\(SVGChart.incomeAndExpense(c.months, currency: c.currency))"
            out += "<p class=\"legend\"><span class=\"key income\"></span>income <span class=\"key expense\"></span>expense</p></li>"
        }
        return out + "</ul></section>\n"
    }

    func categories() -> String {
        let trees = data.currencies.filter { !$0.categories.isEmpty }
        guard !trees.isEmpty else { return "" }
        var out = "<section id=\"categories\"><h2>Spending by category</h2><ul class=\"cards\">"
        for c in trees {
            out += "<li class=\"card\"><h3>\(c.currency.code)</h3><ul class=\"tree\">"
            for node in c.categories { out += tree(node, c.currency, total: c.expense) }
            out += "</ul></li>"
        }
        return out + "</ul></section>\n"
    }

    func tree(_ node: HTMLReportData.CategoryNode, _ currency: Currency, total: Amount) -> String {
        let icon = node.icon.map { "<span class=\"icon\">\(e(HTMLText.icon($0)))</span> " } ?? ""
        let share = Int((SVGChart.fraction(node.total, of: total) * 100).rounded())
        let label = "\(icon)<span class=\"name\">\(e(node.name))</span> \(money(node.total, currency))<span class=\"share\" style=\"width:\(share)%\"></span>"
        guard !node.children.isEmpty else { return "<li class=\"leaf\">\(label)</li>" }
        var out = "<li><details><summary>\(label)</summary><ul>"
        for child in node.children { out += tree(child, currency, total: total) }
        return out + "</ul></details></li>"
    }

    func budgets() -> String {
        guard !data.budgets.isEmpty else { return "" }
        var out = "<section id=\"budgets\"><h2>Budgets</h2><ul class=\"cards\">"
        for b in data.budgets {
            let percent = Int((SVGChart.fraction(b.spent, of: b.limit) * 100).rounded())
            let color = HTMLText.color(b.color).map { ";background:\($0)" } ?? ""
            let status = b.status.replacingOccurrences(of: "_", with: " ")
            out += "<li class=\"card budget \(e(b.status))\"><h3>\(e(b.title))</h3><p class=\"muted\">\(e(b.period))</p>"
            out += "<div class=\"progress\" role=\"progressbar\" aria-valuenow=\"\(percent)\" aria-valuemin=\"0\" aria-valuemax=\"100\"><span class=\"fill\" style=\"width:\(percent)%\(color)\"></span></div>"
            out += "<p>\(money(b.spent, b.currency)) of \(money(b.limit, b.currency)), \(money(b.left, b.currency)) left: <strong class=\"status\">\(e(status))</strong></p></li>"
        }
        return out + "</ul></section>\n"
    }

    func netWorth() -> String {
        let lines = data.netWorth.filter { !$0.points.isEmpty }
        guard !lines.isEmpty else { return "" }
        var out = "<section id=\"networth\"><h2>Net worth over time</h2><ul class=\"cards wide\">"
        for l in lines { out += "<li class=\"card\"><h3>\(l.currency.code)</h3>\(SVGChart.line(l.points, currency: l.currency))</li>" }
        return out + "</ul></section>\n"
    }

    func accounts() -> String {
        guard !data.accounts.isEmpty else { return "" }
        var out = "<section id=\"accounts\"><h2>Accounts</h2><ul class=\"cards\">"
        for a in data.accounts {
            let through = a.reconciledThrough.map { ", reconciled through \($0)" } ?? ""
            out += "<li class=\"card account\"><h3>\(e(a.name))</h3><p class=\"muted\">\(e(a.kind.replacingOccurrences(of: "_", with: " ")))</p>"
            out += "<p class=\"balance\">\(money(a.balance, a.currency))</p>"
            out += "<p class=\"recon \(a.reconciliation == "ok" ? "ok" : (a.reconciliation == "mismatch" ? "bad" : "muted"))\">\(e(a.reconciliation))\(through)</p></li>"
        }
        return out + "</ul></section>\n"
    }

    func transfers() -> String {
        guard !data.transfers.isEmpty else { return "" }
        var out = "<section id=\"transfers\"><h2>Transfers</h2><ul class=\"rows\">"
        for t in data.transfers {
            out += "<li><span class=\"day\">\(t.fromDay)</span> \(e(t.fromAccount)) \(money(t.fromAmount, t.fromCurrency))"
            out += " <span aria-hidden=\"true\">→</span> <span class=\"day\">\(t.toDay)</span> \(e(t.toAccount)) \(money(t.toAmount, t.toCurrency))"
            out += " <span class=\"muted\">\(e(t.status))</span></li>"
        }
        return out + "</ul></section>\n"
    }

    func largestExpenses() -> String {
        guard !data.largestExpenses.isEmpty else { return "" }
        var out = "<section id=\"expenses\"><h2>Largest expenses</h2><ul class=\"rows\">"
        for x in data.largestExpenses {
            out += "<li><span class=\"day\">\(x.day)</span> <span class=\"payee\">\(e(x.payee))</span> \(money(x.amount, x.currency))"
            out += " <span class=\"muted\">\(e(x.account))\(x.category.map { ", " + e($0) } ?? "")</span></li>"
        }
        return out + "</ul></section>\n"
    }

    func unconverted() -> String {
        guard !data.unconverted.isEmpty else { return "" }
        var out = "<section id=\"unconverted\"><h2>Money not converted</h2><ul class=\"rows\">"
        for u in data.unconverted { out += "<li>\(money(u.amount, u.currency)): \(e(u.reason))</li>" }
        return out + "</ul></section>\n"
    }
}
