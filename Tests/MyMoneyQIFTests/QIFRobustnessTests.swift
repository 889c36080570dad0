import Foundation
import Testing
import MyMoneyQIF
import MyMoneyTestSupport

/// Bad input never crashes: mutated and truncated files only give diagnostics.
@Suite struct QIFRobustnessTests {
    static let seed: [UInt8] = Array("""
    !Option:AutoSwitch
    !Account
    NA
    TBank
    $1,000.00
    /1/ 2'24
    ^
    !Clear:AutoSwitch
    !Type:Cat
    NFood:Lunch
    I
    ^
    !Account
    NA
    TBank
    ^
    !Type:Bank
    D1/ 2'24
    T1,250.00
    POpening Balance
    L[A]
    ^
    D1/13'24
    U-120.00
    T-120.00
    N1042
    PSHOP & CO
    LHome/Class|[B]
    SHome
    EOne
    $-95.00
    %50%
    S[B]/X
    $-25.00
    ^
    !Type:Invst
    D1/14'24
    NBuyX
    I1.5
    Q10
    O1
    L[A]
    $15
    ^
    """.utf8)

    @Test func mutatedFilesNeverCrash() {
        var random = SeededGenerator(seed: 42)
        let alphabet: [UInt8] = Array("!^DTUPNMLSE$%AC/[]|:.,'- 0123456789\n\r".utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<3000 {
            var bytes = QIFRobustnessTests.seed
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let i = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[i] = alphabet.randomElement(using: &random) ?? 0
                case 1: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: i)
                default: bytes.remove(at: i)
                }
            }
            let document = QIFReader().readDocument(bytes, file: "fuzz.qif")
            for diagnostic in document.diagnostics {
                #expect(!diagnostic.code.isEmpty && !diagnostic.message.isEmpty)
            }
        }
    }

    @Test func everyPrefixOfAFileReads() {
        for end in 0...QIFRobustnessTests.seed.count {
            _ = QIFReader().readDocument(Array(QIFRobustnessTests.seed[0..<end]), file: "prefix.qif")
        }
        let full = QIFReader().readDocument(QIFRobustnessTests.seed, file: "seed.qif")
        #expect(full.errors.isEmpty, "\(full.diagnostics.map(\.message))")
        #expect(full.transactions.count == 2)
    }

    @Test func diagnosticsRenderWithTheSourceLine() throws {
        let document = readQIF(["!Type:Bank", "D2024-01-02", "T1,5O", "^"])
        let source = try #require(document.result.source)
        let error = try #require(document.errors.first)
        let rendered = DiagnosticRenderer(sources: ["test.qif": source]).render(error)
        #expect(rendered.hasPrefix("test.qif:3:"))
        #expect(rendered.contains("3 | T1,5O"))
        #expect(rendered.contains("[qif.amount]"))
    }
}
