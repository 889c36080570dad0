import Foundation
import Testing
import MyMoneyCSV
import MyMoneyTestSupport

/// The German current-account sample in `Samples/` (see STORY.md; the Tagesgeld sample is camt.053 now, tested in MyMoneyCAMTTests).
@Suite struct SampleTests {
    func read(_ name: String) throws -> ReadResult {
        let bytes = Array(try Data(contentsOf: Corpus.samples.appendingPathComponent(name)))
        return CSVReader(profiles: shippedProfiles).read(bytes, file: "Samples/\(name)", options: ReadOptions())
    }

    @Test func girokontoReadsByInferenceAlone() throws {
        let result = try read("girokonto-2026-10.csv")
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty, "\(result.diagnostics)")
        let s = try #require(onlyStatement(result))
        #expect(s.source.profile == nil)
        #expect(s.source.encoding == "windows-1252")
        #expect(s.account.id == "DE89370400440532013000")
        #expect(s.account.currency?.code == "EUR")
        #expect(s.account.kind == .bank)
        #expect(s.period == DayRange(start: day("2026-10-01")!, end: day("2026-10-31")!))
        #expect(s.transactions.count == 15)
        #expect(s.transactions.first?.payee == "Hausverwaltung Schmidt GmbH")
        #expect(s.transactions.first?.amount == amount("-950.00"))
        #expect(s.transactions.first?.memo == "Miete Oktober")
        #expect(s.transactions.contains { $0.payee == "Café Einstein" && $0.amount == amount("-8.40") })
        let opening = s.balances.first { $0.kind == .opening }
        let closing = s.balances.first { $0.kind == .closing }
        #expect(opening?.amount == amount("2450.00"))
        // An opening balance is as of the first day, before that day's transactions (the reconciler's semantics).
        #expect(opening?.day == day("2026-10-01"))
        #expect(closing?.amount == amount("3614.30"))
        #expect(closing?.day == day("2026-10-28"))
        #expect(s.balances.first { $0.kind == .ledger }?.amount == amount("3614.30"))
        #expect(s.balances.filter { $0.kind == .running }.count == 15)
    }

    @Test func sameDayIdenticalRowsAreKept() throws {
        let s = try #require(onlyStatement(try read("girokonto-2026-10.csv")))
        let kamps = s.transactions.filter { $0.payee == "Bäckerei Kamps" }
        #expect(kamps.count == 2)
        #expect(kamps.allSatisfy { $0.amount == amount("-3.20") && $0.day == day("2026-10-28") })
        #expect(Set(kamps.compactMap { $0.position?.line }).count == 2)
    }
}

/// `--print-profile` on the Girokonto sample, exactly as docs/csv.md shows it.
@Suite struct PrintProfileSampleTests {
    @Test func girokontoPrintProfile() throws {
        let bytes = Array(try Data(contentsOf: Corpus.samples.appendingPathComponent("girokonto-2026-10.csv")))
        let (profile, _) = CSVReader().inferProfile(bytes, file: "Samples/girokonto-2026-10.csv")
        let text = try #require(profile).render()
        if ProcessInfo.processInfo.environment["MYMONEY_CSV_DUMP"] != nil { print(text) }
        let docs = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("docs/csv.md"), encoding: .utf8)
        #expect(docs.contains(text), "docs/csv.md should show:\n\(text)")
    }
}
