import Foundation
import Testing
@_spi(Speed) import MyMoneyCore
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// A CSV read whose arrays get their memory on another core (``PagesAside``, the default) gives
/// what its plain twin (`ReadOptions.pagesAside = false`) gives: the same statements, running
/// balances and diagnostics, on generated files large enough for the pages to be asked for aside
/// (more than ``PagesAside/leastBytes`` of room) and on every CSV of the corpus and the samples;
/// and asking for an array's pages never changes what it holds.
@Suite struct PagesAsideTests {
    static func expectSame(_ bytes: [UInt8], file: String, options: ReadOptions, sourceLocation: SourceLocation = #_sourceLocation) {
        let reader = CSVReader(profiles: shippedProfiles)
        var plainOptions = options
        plainOptions.pagesAside = false
        var asideOptions = options
        asideOptions.pagesAside = true
        let plain = reader.read(bytes, file: file, options: plainOptions)
        let aside = reader.read(bytes, file: file, options: asideOptions)
        #expect(aside.statements == plain.statements, "\(file)", sourceLocation: sourceLocation)
        #expect(aside.diagnostics == plain.diagnostics, "\(file)", sourceLocation: sourceLocation)
    }

    /// 40,000 rows: 8 MB of transactions and 3.5 MB of running balances, asked for aside.
    @Test func largeGeneratedExportsReadTheSameBothWays() {
        var shapes: [CSVStatementStreamTests.Export] = []
        var e = CSVStatementStreamTests.Export(count: 40_000)
        shapes.append(e)
        e.semicolons = true; e.newestFirst = true; e.currency = true
        shapes.append(e)
        e = CSVStatementStreamTests.Export(count: 45_001)
        e.balance = false; e.repeatedId = true; e.breakChainAt = 30_000; e.quotedPayees = true
        shapes.append(e)
        e = CSVStatementStreamTests.Export(count: 40_000)
        e.badAmountAt = 39_999; e.status = true; e.trailer = true
        shapes.append(e)
        for (k, shape) in shapes.enumerated() {
            let bytes = Array(shape.text.utf8)
            for options in [ReadOptions(), ReadOptions(strict: true), accepting()] {
                Self.expectSame(bytes, file: "large-\(k).csv", options: options)
            }
        }
    }

    @Test func everyCorpusAndSampleCSVReadsTheSameBothWays() throws {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        for url in CSVStatementStreamTests.files {
            let bytes = Array(try Data(contentsOf: url))
            for options in [ReadOptions(), ReadOptions(dayOrder: .dayMonthYear)] {
                Self.expectSame(bytes, file: url.lastPathComponent, options: options)
            }
        }
    }

    /// The pages of a room are made, not written: what the array holds stays, filled or not.
    @Test func askingForPagesKeepsWhatTheArrayHolds() throws {
        var values: [UInt64] = []
        values.reserveCapacity(4 << 20)   // 32 MB of room
        for k in 0..<(1 << 20) { values.append(UInt64(k) &* 0x9E37_79B9_7F4A_7C15) }
        let aside = try #require(PagesAside.start([PagesAside.room(of: &values, from: 0), PagesAside.room(of: &values, from: 1000)]))
        for k in (1 << 20)..<(3 << 20) { values.append(UInt64(k) &* 0x9E37_79B9_7F4A_7C15) }
        aside.wait()
        #expect(values.count == 3 << 20)
        #expect(values.indices.allSatisfy { values[$0] == UInt64($0) &* 0x9E37_79B9_7F4A_7C15 })
        // Too little room for a thread; an array with no room left.
        var small = [1, 2, 3]
        #expect(PagesAside.start([PagesAside.room(of: &small, from: 0)]) == nil)
        #expect(PagesAside.room(of: &small, from: small.capacity).bytes == 0)
    }
}
