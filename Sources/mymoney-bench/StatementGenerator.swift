import Foundation
import MyMoneyCore
import MyMoneyTestSupport

/// One generated transaction, before it is written in any format.
struct GeneratedTransaction {
    var account: Int
    var day: Day
    var amount: Amount
    var payee: String
    var memo: String
    var id: String
}

/// Writes realistic statements for N transactions across K accounts, with transfers between them
/// (same and cross-currency), in CSV, OFX 1 (SGML), OFX 2 (XML) and QIF, plus rules and peer inputs.
///
/// The same (size, accounts, seed) always gives the same bytes.
struct StatementGenerator {
    var size: Int
    var accounts: Int
    var seed: UInt64 = 42
    /// Every n-th transaction starts a transfer pair.
    var transferEvery = 50

    static let merchants = [
        "REWE MARKT", "EDEKA CENTER", "LIDL DIENSTL", "ALDI SUED", "WHOLE FOODS MARKET", "TRADER JOES", "SAFEWAY",
        "SHELL OIL", "ARAL STATION", "BP CONNECT", "STARBUCKS STORE", "CAFE EINSTEIN", "BAECKEREI KAMPS",
        "AMAZON MKTPL", "ZALANDO SE", "IKEA DEUTSCHLAND", "NETFLIX.COM", "SPOTIFY AB", "APPLE.COM BILL",
        "DEUTSCHE BAHN", "BVG BERLIN", "UBER TRIP", "LYFT RIDE", "STADTWERKE BERLIN", "VATTENFALL",
        "TELEKOM DEUTSCHLAND", "VODAFONE GMBH", "APOTHEKE AM PLATZ", "DM DROGERIE", "ROSSMANN",
        "MCDONALDS", "BURGER KING", "PIZZERIA NAPOLI", "SUSHI BAR", "KINO INTERNATIONAL", "FITNESS FIRST",
    ]

    func currency(of account: Int) -> Currency { account % 3 == 2 ? .USD : .EUR }
    func accountNumber(_ account: Int) -> String { "DE0010000000000000\(String(format: "%04d", account))" }

    /// All transactions in day order per account, transfers included.
    func transactions() -> [[GeneratedTransaction]] {
        var rng = SeededGenerator(seed: seed)   // the tests' generator: the same bytes on every run
        var perAccount = Array(repeating: [GeneratedTransaction](), count: accounts)
        let start = Day(year: 2016, month: 1, day: 1)!
        let span = 3650
        var produced = 0
        var serial = 0
        while produced < size {
            let day = start.advanced(by: produced * span / max(size, 1))
            let account = rng.below(accounts)
            serial += 1
            if accounts > 1, serial % transferEvery == 0, produced + 2 <= size {
                var other = rng.below(accounts)
                if other == account { other = (other + 1) % accounts }
                let cents = Int64(1000 + rng.below(200_000))
                let out = Amount(units: -cents, scale: 2)
                var inUnits = cents
                if currency(of: account) != currency(of: other) {
                    // 1 EUR = 1.08 USD, rounded to cents.
                    inUnits = currency(of: account) == .EUR ? cents * 108 / 100 : cents * 100 / 108
                }
                let arrival = day.advanced(by: rng.below(3))
                perAccount[account].append(GeneratedTransaction(account: account, day: day, amount: out,
                    payee: "XFER TO \(accountNumber(other))", memo: "Own account transfer", id: "T\(serial)A"))
                perAccount[other].append(GeneratedTransaction(account: other, day: arrival, amount: Amount(units: inUnits, scale: 2),
                    payee: "XFER FROM \(accountNumber(account))", memo: "Own account transfer", id: "T\(serial)B"))
                produced += 2
                continue
            }
            let merchant = rng.pick(StatementGenerator.merchants)
            let income = rng.below(20) == 0
            let cents = Int64(income ? 100_000 + rng.below(400_000) : 100 + rng.below(15_000))
            perAccount[account].append(GeneratedTransaction(account: account, day: day,
                amount: Amount(units: income ? cents : -cents, scale: 2),
                payee: income ? "SALARY ACME CORP" : "\(merchant) \(rng.below(9000) + 1000)",
                memo: income ? "Monthly salary" : "Card payment \(rng.below(999_999))", id: "F\(serial)"))
            produced += 1
        }
        for i in perAccount.indices { perAccount[i].sort { ($0.day, $0.id) < ($1.day, $1.id) } }
        return perAccount
    }

    /// Writes every format into `directory`; returns the files written, by format.
    @discardableResult
    func write(to directory: URL, formats: Set<String> = ["csv", "ofx1", "ofx2", "qif", "peers"], rules: Int = 1000) throws -> [String: [URL]] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let all = transactions()
        var written: [String: [URL]] = [:]
        for (index, list) in all.enumerated() {
            let base = "account-\(index)"
            if formats.contains("csv") {
                let url = directory.appendingPathComponent("\(base).csv")
                try csv(list, account: index).write(to: url)
                written["csv", default: []].append(url)
            }
            if formats.contains("ofx2") {
                let url = directory.appendingPathComponent("\(base).ofx")
                try ofx(list, account: index, sgml: false).write(to: url)
                written["ofx2", default: []].append(url)
            }
            if formats.contains("ofx1") {
                let url = directory.appendingPathComponent("\(base)-v1.ofx")
                try ofx(list, account: index, sgml: true).write(to: url)
                written["ofx1", default: []].append(url)
            }
            if formats.contains("peers") {
                try Data(hledgerRules(count: 10).utf8).write(to: directory.appendingPathComponent("\(base).csv.rules"))
                try journal(list, account: index).write(to: directory.appendingPathComponent("\(base).journal"))
                try beancount(list, account: index).write(to: directory.appendingPathComponent("\(base).beancount"))
            }
            if formats.contains("qif") {
                let url = directory.appendingPathComponent("\(base).qif")
                try qif(list).write(to: url)
                written["qif", default: []].append(url)
            }
        }
        return written
    }

    func csv(_ list: [GeneratedTransaction], account: Int) -> Data {
        var out = "Date,Description,Memo,Amount,Currency,Transaction ID,Balance\n"
        out.reserveCapacity(list.count * 90)
        var balance = Amount(units: 100_000, scale: 2)
        for t in list {
            balance = (try? balance + t.amount) ?? balance
            out += "\(t.day),\(t.payee),\(t.memo),\(t.amount),\(currency(of: account).code),\(t.id),\(balance)\n"
        }
        return Data(out.utf8)
    }

    func ofx(_ list: [GeneratedTransaction], account: Int, sgml: Bool) -> Data {
        func date(_ d: Day) -> String { d.description.replacingOccurrences(of: "-", with: "") + "120000" }
        var out: String
        let close: (String) -> String = { sgml ? "" : "</\($0)>" }
        if sgml {
            out = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n"
        } else {
            out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"211\" SECURITY=\"NONE\" OLDFILEUID=\"NONE\" NEWFILEUID=\"NONE\"?>\n"
        }
        let first = list.first?.day ?? Day(year: 2016, month: 1, day: 1)!
        let last = list.last?.day ?? first
        out += "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0\(close("CODE"))<SEVERITY>INFO\(close("SEVERITY"))</STATUS><DTSERVER>\(date(last))\(close("DTSERVER"))<LANGUAGE>ENG\(close("LANGUAGE"))</SONRS></SIGNONMSGSRSV1>\n"
        out += "<BANKMSGSRSV1><STMTTRNRS><TRNUID>1\(close("TRNUID"))<STATUS><CODE>0\(close("CODE"))<SEVERITY>INFO\(close("SEVERITY"))</STATUS><STMTRS><CURDEF>\(currency(of: account).code)\(close("CURDEF"))\n"
        out += "<BANKACCTFROM><BANKID>10000000\(close("BANKID"))<ACCTID>\(accountNumber(account))\(close("ACCTID"))<ACCTTYPE>CHECKING\(close("ACCTTYPE"))</BANKACCTFROM>\n"
        out += "<BANKTRANLIST><DTSTART>\(date(first))\(close("DTSTART"))<DTEND>\(date(last))\(close("DTEND"))\n"
        out.reserveCapacity(list.count * 220)
        var balance = Amount(units: 100_000, scale: 2)
        for t in list {
            balance = (try? balance + t.amount) ?? balance
            out += "<STMTTRN><TRNTYPE>\(t.amount.isNegative ? "DEBIT" : "CREDIT")\(close("TRNTYPE"))<DTPOSTED>\(date(t.day))\(close("DTPOSTED"))<TRNAMT>\(t.amount)\(close("TRNAMT"))<FITID>\(t.id)\(close("FITID"))<NAME>\(t.payee)\(close("NAME"))<MEMO>\(t.memo)\(close("MEMO"))</STMTTRN>\n"
        }
        out += "</BANKTRANLIST><LEDGERBAL><BALAMT>\(balance)\(close("BALAMT"))<DTASOF>\(date(last))\(close("DTASOF"))</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        return Data(out.utf8)
    }

    func qif(_ list: [GeneratedTransaction]) -> Data {
        var out = "!Type:Bank\n"
        out.reserveCapacity(list.count * 70)
        for t in list {
            let c = t.day.components
            out += "D\(c.month)/\(c.day)/\(c.year)\nT\(t.amount)\nP\(t.payee)\nM\(t.memo)\nN\(t.id)\n^\n"
        }
        return Data(out.utf8)
    }
}
