/// Inline SVG charts for the HTML report: bars for income and expense per month, a line for net
/// worth over time. Labels and amounts are text in the SVG, so they are readable and searchable.
///
/// Amounts are exact in every label; only bar heights and line positions are scaled, as
/// fractions of the largest amount (geometry, never money).
enum SVGChart {
    /// `amount` as a fraction of `largest` (both compared by magnitude), 0...1.
    static func fraction(_ amount: Amount, of largest: Amount) -> Double {
        let scale = max(amount.scale, largest.scale)
        guard let a = try? amount.rescaled(to: scale), let l = try? largest.rescaled(to: scale), l.units != 0 else { return 0 }
        return min(1, Double(a.units.magnitude) / Double(l.units.magnitude))
    }

    static func number(_ value: Double) -> String {
        String(Int((value * 10).rounded())) .withDecimal
    }

    /// Income (up) and expense (down, shown as its size) per month, side by side.
    static func incomeAndExpense(_ months: [HTMLReportData.Month], currency: Currency) -> String {
        guard !months.isEmpty else { return "" }
        var largest = Amount.zero
        for m in months {
            let e = (try? m.expense.magnitude()) ?? .zero
            if m.income > largest { largest = m.income }
            if e > largest { largest = e }
        }
        let slot = 120.0, height = 200.0, top = 24.0, bottom = 40.0
        let width = max(320.0, slot * Double(months.count) + 20)
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(number(width)) \(number(height + top + bottom))\" role=\"img\" aria-label=\"income and expense per month in \(currency.code)\">"
        svg += "<line x1=\"10\" y1=\"\(number(top + height))\" x2=\"\(number(width - 10))\" y2=\"\(number(top + height))\" class=\"axis\"/>"
        for (i, m) in months.enumerated() {
            let x = 20 + slot * Double(i)
            let expense = (try? m.expense.magnitude()) ?? .zero
            for (j, (value, cls)) in [(m.income, "income"), (expense, "expense")].enumerated() {
                let h = height * fraction(value, of: largest)
                let bx = x + Double(j) * 48
                svg += "<rect class=\"bar \(cls)\" x=\"\(number(bx))\" y=\"\(number(top + height - h))\" width=\"44\" height=\"\(number(h))\"><title>\(cls) \(HTMLText.escaped(m.label)): \(value) \(currency.code)</title></rect>"
                svg += "<text class=\"value\" x=\"\(number(bx + 22))\" y=\"\(number(top + height - h - 6))\" text-anchor=\"middle\">\(value)</text>"
            }
            svg += "<text class=\"label\" x=\"\(number(x + 46))\" y=\"\(number(top + height + 24))\" text-anchor=\"middle\">\(HTMLText.escaped(m.label))</text>"
        }
        return svg + "</svg>"
    }

    /// Net worth at each point, joined by a line, with the first and last amounts written.
    static func line(_ points: [HTMLReportData.NetWorthPoint], currency: Currency) -> String {
        guard !points.isEmpty else { return "" }
        var low = points[0].amount, high = points[0].amount
        for p in points { if p.amount < low { low = p.amount }; if p.amount > high { high = p.amount } }
        if low.isPositive { low = .zero }
        let span = (try? high - low) ?? high
        let width = 640.0, height = 200.0, left = 20.0, top = 30.0
        let step = points.count > 1 ? (width - 2 * left) / Double(points.count - 1) : 0
        func y(_ a: Amount) -> Double {
            let above = (try? a - low) ?? .zero
            return top + height - height * fraction(above, of: span)
        }
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(number(width)) \(number(height + top + 40))\" role=\"img\" aria-label=\"net worth in \(currency.code)\">"
        svg += "<line x1=\"\(number(left))\" y1=\"\(number(top + height))\" x2=\"\(number(width - left))\" y2=\"\(number(top + height))\" class=\"axis\"/>"
        let path = points.enumerated().map { "\(number(left + step * Double($0.offset))),\(number(y($0.element.amount)))" }.joined(separator: " ")
        svg += "<polyline class=\"networth\" points=\"\(path)\"/>"
        for (i, p) in points.enumerated() {
            let x = left + step * Double(i)
            svg += "<circle class=\"dot\" cx=\"\(number(x))\" cy=\"\(number(y(p.amount)))\" r=\"4\"><title>\(p.day): \(p.amount) \(currency.code)</title></circle>"
            if i == 0 || i == points.count - 1 || points.count <= 6 {
                let anchor = i == 0 ? "start" : (i == points.count - 1 ? "end" : "middle")
                svg += "<text class=\"value\" x=\"\(number(x))\" y=\"\(number(y(p.amount) - 10))\" text-anchor=\"\(anchor)\">\(p.amount)</text>"
                svg += "<text class=\"label\" x=\"\(number(x))\" y=\"\(number(top + height + 24))\" text-anchor=\"\(anchor)\">\(p.day)</text>"
            }
        }
        return svg + "</svg>"
    }
}

private extension String {
    /// Tenths as a decimal: `"1234"` → `"123.4"`, `"-5"` → `"-0.5"`.
    var withDecimal: String {
        var digits = self
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        while digits.count < 2 { digits = "0" + digits }
        return (negative ? "-" : "") + digits.dropLast() + "." + digits.suffix(1)
    }
}
