import Foundation
import Testing
import MyMoneyKit
import MyMoneyTestSupport

/// The HTML report of the sample story, opened by a real browser (headless Chromium): it draws
/// something, and its DOM holds the sample's figures. Skipped with a message where no Chromium is
/// installed (outside CI: `.ci/run` installs Debian's `chromium` and sets `MYMONEY_REQUIRE_TOOLS`).
@Suite("HTML report in a browser")
struct HTMLReportBrowserTests {
    static var browser: URL? { ExternalTool.find("chromium", "chromium-browser", "google-chrome") }

    /// The sample story with three budgets and a hostile payee, and its report.
    static let report: (ledger: String, page: URL) = {
        let dir = MyMoneyBinary.scratch("html-report")
        let ledger = dir.appendingPathComponent("ledger.sqlite").path
        _ = try? MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        _ = try? MyMoneyBinary.run(["rates", "import", "Samples/rates/ecb-2026-10.csv", "--ledger", ledger])
        _ = try? MyMoneyBinary.run(["config", "set", "primary-currency", "EUR", "--ledger", ledger])
        for budget in [["--category", "Food", "--amount", "150", "--currency", "EUR"],
                       ["--category", "Transport", "--amount", "100", "--currency", "EUR"],
                       ["--tag", "coffee", "--amount", "50", "--currency", "USD"]] {
            _ = try? MyMoneyBinary.run(["budgets", "add", "--start", "2026-10-01", "--ledger", ledger] + budget)
        }
        _ = try? MyMoneyBinary.run(["transactions", "add", "--account", "Wallet", "--date", "2026-10-30", "--amount", "-999.99",
                                    "--payee", "<script>document.title='pwned'</script><img src=x onerror=alert(1)>", "--ledger", ledger])
        let page = dir.appendingPathComponent("report.html")
        _ = try? MyMoneyBinary.run(["report", "html", "--from", "2026-10-01", "--through", "2026-10-31", "--output", page.path, "--ledger", ledger])
        return (ledger, page)
    }()

    func chromium(_ arguments: [String]) throws -> CommandRun {
        let browser = try #require(HTMLReportBrowserTests.browser, "chromium is not installed")
        let profile = MyMoneyBinary.scratch("chromium-profile")
        return try ExternalTool.run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)"] + arguments,
                                    timeout: 120)
    }

    /// Without rates the sample's USD money cannot be shown in EUR: the report says so (the
    /// October USD expenses, the USD account's balance) instead of leaving it out silently.
    @Test func moneyWithoutARateIsListedAsUnconverted() throws {
        let ledger = MyMoneyBinary.scratch("html-report-no-rates").appendingPathComponent("ledger.sqlite").path
        _ = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        let data = try Books.open(at: ledger).htmlReportData(from: Day(iso: "2026-10-01"), through: Day(iso: "2026-10-31"), in: .EUR)
        #expect(data.currencies.map(\.currency) == [.EUR])
        let usd = data.unconverted.filter { $0.currency == .USD }
        #expect(usd.contains { $0.amount == (try? Amount(parsing: "-69.87")) && $0.reason.hasPrefix("income and expense") })
        #expect(usd.contains { $0.reason.hasPrefix("account balances") })
        let page = HTMLReport(data).render()
        #expect(page.contains("<section id=\"unconverted\">"))
    }

    @Test func pageIsSelfContainedAndEscapesTheBanksText() throws {
        let html = try String(contentsOf: HTMLReportBrowserTests.report.page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        for external in ["http://", "https://", "<link", "@import", "url("] { #expect(!html.contains(external), "\(external)") }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("chromium", "chromium-browser", "google-chrome"),
                   "chromium is not installed: browser checks of the HTML report skipped"))
    func browserShowsTheSampleFigures() throws {
        let run = try chromium(["--dump-dom", HTMLReportBrowserTests.report.page.absoluteString])
        #expect(run.status == 0, "\(run.stderr.suffix(1000))")
        let dom = run.stdout
        // October in EUR (USD converted at the ECB's rates): the sample's expenses plus the hostile
        // wallet payment of 999.99, the same figures as the overview report of October.
        #expect(dom.contains("<dd class=\"expense-total\"><span class=\"money neg\">-2579.84 EUR</span></dd>"))
        #expect(dom.contains("<dd class=\"income-total\"><span class=\"money\">3201.38 EUR</span></dd>"))
        let october = try Books.open(at: HTMLReportBrowserTests.report.ledger)
            .overview(.month, on: try #require(Day(iso: "2026-10-31")), in: .EUR).figures
        #expect(dom.contains("<dd class=\"expense-total\"><span class=\"money neg\">\(october.expense.atMinorUnits(of: .EUR)) EUR</span></dd>"))
        #expect(dom.contains("<dd class=\"income-total\"><span class=\"money\">\(october.income.atMinorUnits(of: .EUR)) EUR</span></dd>"))
        // A whole month: the bar is the month's analysis, rounded once, so it agrees with the total.
        #expect(dom.contains("<title>expense 2026-10: 2579.84 EUR</title>"))
        // Budgets as of October 31: Food over (214.93 of 150), Transport over (121.43 of 100), #coffee on track (22.57 of 50 USD).
        let food = try #require(dom.range(of: "<h3>Food</h3>"))
        #expect(dom[food.upperBound...].prefix(600).contains("<strong class=\"status\">over</strong>"))
        let transport = try #require(dom.range(of: "<h3>Transport</h3>"))
        #expect(dom[transport.upperBound...].prefix(600).contains("<strong class=\"status\">over</strong>"))
        let coffee = try #require(dom.range(of: "<h3>#coffee</h3>"))
        #expect(dom[coffee.upperBound...].prefix(600).contains("<strong class=\"status\">on track</strong>"))
        // The payee is text, never an element: the title is the report's, not the payee's script's.
        #expect(!dom.contains("pwned</title>"))
        #expect(dom.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt;"))
        #expect(dom.contains("<details><summary>"))
        #expect(dom.contains("<svg class=\"chart\""))
    }

    @Test(.enabled(if: ExternalTool.shouldRun("chromium", "chromium-browser", "google-chrome"),
                   "chromium is not installed: browser checks of the HTML report skipped"))
    func screenshotIsNotBlank() throws {
        let dir = MyMoneyBinary.scratch("screenshots")
        let shot = dir.appendingPathComponent("report.png"), blank = dir.appendingPathComponent("blank.png")
        let emptyPage = dir.appendingPathComponent("empty.html")
        try Data("<!DOCTYPE html><html><body></body></html>".utf8).write(to: emptyPage)
        for (file, page) in [(shot, HTMLReportBrowserTests.report.page), (blank, emptyPage)] {
            let run = try chromium(["--screenshot=\(file.path)", "--window-size=1280,2000", "--hide-scrollbars", page.absoluteString])
            #expect(run.status == 0, "\(run.stderr.suffix(1000))")
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: shot.path)[.size] as? Int)
        let blankSize = try #require(try FileManager.default.attributesOfItem(atPath: blank.path)[.size] as? Int)
        // A blank page compresses to a few kilobytes; the drawn report is many times that.
        #expect(size > 10 * blankSize, "screenshot \(size) bytes, blank page \(blankSize) bytes")
        let png = try Data(contentsOf: shot)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }
}
