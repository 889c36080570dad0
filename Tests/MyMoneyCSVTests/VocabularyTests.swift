import Foundation
import Testing
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// The header vocabulary is data: one table per language, documented in docs/csv.md.
@Suite struct VocabularyTests {
    @Test(arguments: [
        ("Data księgowania;Nadawca/Odbiorca;Tytuł;Kwota;Saldo po operacji\n05.10.2026;Sklep;Zakupy;-12,50;87,50\n", "Sklep", "-12.50"),
        ("#Data operacji;#Opis operacji;#Kwota;#Saldo po operacji\n2026-10-05;ZAKUP PRZY UŻYCIU KARTY;-12,50;87,50\n", "ZAKUP PRZY UŻYCIU KARTY", "-12.50"),
        ("Data;Histórico;Valor;Saldo\n05/10/2026;Padaria;-12,50;87,50\n", "Padaria", "-12.50"),
        ("Datum zaúčtování;Název protiúčtu;Zpráva pro příjemce;Částka\n05.10.2026;Obchod;Nákup;-250,00\n", "Obchod", "-250.00"),
        ("Könyvelés dátuma;Partner neve;Közlemény;Összeg\n2026.10.05;Bolt;Vásárlás;-2500\n", "Bolt", "-2500"),
        ("Tarih;Açıklama;Tutar;Bakiye\n05.10.2026;Market;-125,50;874,50\n", "Market", "-125.50"),
        ("Bokföringsdag;Mottagare;Belopp;Saldo\n2026-10-05;ICA;-125,50;874,50\n", "ICA", "-125.50"),
        ("Dato;Tekst;Beløb;Saldo\n05.10.2026;Netto;-125,50;874,50\n", "Netto", "-125.50"),
        ("Dato;Forklaring;Ut fra konto;Inn på konto\n05.10.2026;Rema 1000;125,50;\n", "Rema 1000", "-125.50"),
        ("Kirjauspäivä;Saaja/Maksaja;Viesti;Määrä\n05.10.2026;K-Market;Ostos;-12,50\n", "K-Market", "-12.50"),
        ("日付,摘要,お支払金額,お預り金額,差引残高\n2026/10/05,コンビニ,540,,311460\n", "コンビニ", "-540"),
        ("交易日期,对方户名,交易金额,账户余额\n2026-10-05,超市,-25.00,975.00\n", "超市", "-25.00"),
        ("거래일자,적요,출금금액,입금금액,거래후잔액\n2026.10.05,편의점,4500,,995500\n", "편의점", "-4500"),
    ])
    func headersInEveryLanguageOfTheTables(_ text: String, _ text2: String, _ value: String) throws {
        let result = readCSV(text, options: ReadOptions(dayOrder: .dayMonthYear))
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        #expect(s.transactions.first?.amount == amount(value))
        #expect(s.transactions.first?.payee == text2 || s.transactions.first?.memo == text2)
        #expect(s.transactions.first?.day == day("2026-10-05"))
    }

    @Test func valutaIsAValueDateOrACurrencyAsItsValuesSay() throws {
        let german = try #require(onlyStatement(readCSV("Buchung;Valuta;Betrag\n05.10.2026;06.10.2026;-1,00\n")))
        #expect(german.transactions.first?.extra("Valuta") == "06.10.2026")
        let danish = try #require(onlyStatement(readCSV("Dato;Tekst;Beløb;Valuta\n05.10.2026;Netto;-1,00;DKK\n")))
        #expect(danish.account.currency?.code == "DKK")
    }

    @Test func noWordMeansBothMoneyOutAndIn() {
        #expect(Vocabulary.debitWords.isDisjoint(with: Vocabulary.creditWords))
        #expect(Vocabulary.debitWords.isDisjoint(with: Vocabulary.unbooked))
    }

    @Test func everyLanguageTableIsWrittenAsTheLookupReadsIt() {
        for language in LanguageVocabulary.all {
            for h in language.headers { #expect(Vocabulary.key(h.name) == h.name, "\(language.language): \"\(h.name)\"") }
            for l in language.labels { #expect(Vocabulary.key(l.label) == l.label, "\(language.language): \"\(l.label)\"") }
        }
    }

    /// `key` builds a name by appending words; `plainKey`, its twin, by Foundation's search and
    /// replace. Compared on every table name as written in any case, and on random names of
    /// words, runs of spaces and slashes.
    @Test func headerKeysAgreeWithTheirPlainTwin() {
        var names: [String] = []
        for language in LanguageVocabulary.all {
            names += language.headers.map(\.name) + language.labels.map(\.label)
        }
        names += names.map { $0.uppercased() }
        var random = SeededGenerator(seed: 0x5eed_4e4d)
        let pieces = ["a", "Datum", " ", "  ", "/", " /", "/ ", " / ", "é", "金額", "#", "-"]
        for _ in 0..<2_000 {
            names.append((0..<random.below(8)).map { _ in random.pick(pieces) }.joined())
        }
        for name in names { #expect(Vocabulary.key(name) == Vocabulary.plainKey(name), "\"\(name)\"") }
    }

    /// The tables as docs/csv.md shows them, between its vocabulary markers.
    static func documentation() -> String {
        var out = ""
        for language in LanguageVocabulary.all {
            out += "\n#### \(language.language)\n\n| role | header names (strength) |\n| --- | --- |\n"
            for role in Vocabulary.precedence {
                let names = language.headers.filter { $0.role == role }
                guard !names.isEmpty else { continue }
                out += "| `\(role.rawValue)` | " + names.map { "\($0.name) (\($0.strength))" }.joined(separator: ", ") + " |\n"
            }
            if !language.debitWords.isEmpty { out += "| money out | " + language.debitWords.joined(separator: ", ") + " |\n" }
            if !language.creditWords.isEmpty { out += "| money in | " + language.creditWords.joined(separator: ", ") + " |\n" }
            if !language.unbooked.isEmpty { out += "| not booked | " + language.unbooked.joined(separator: ", ") + " |\n" }
            for fact in ["account", "currency", "period", "opening", "closing", "datedBalance", "balance", "exportBalance"] {
                let labels = language.labels.filter { "\($0.fact)" == fact }
                guard !labels.isEmpty else { continue }
                out += "| label: \(fact) | " + labels.map { $0.match == .prefix ? "\($0.label) …" : $0.label }.joined(separator: ", ") + " |\n"
            }
        }
        return out
    }

    @Test func docsShowEveryLanguageTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/csv.md")
        let docs = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- vocabulary: generated from Sources/MyMoneyCSV/Vocabulary by VocabularyTests -->\n"
        let end = "<!-- end of vocabulary -->"
        let generated = Self.documentation()
        if ProcessInfo.processInfo.environment["MYMONEY_RECORD_GOLDENS"] != nil, let a = docs.range(of: begin), let b = docs.range(of: end) {
            try (String(docs[..<a.upperBound]) + generated + "\n" + String(docs[b.lowerBound...])).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let a = try #require(docs.range(of: begin)), b = try #require(docs.range(of: end))
        #expect(String(docs[a.upperBound..<b.lowerBound]) == generated + "\n", "docs/csv.md is out of date: record with MYMONEY_RECORD_GOLDENS=1")
    }
}
