import Foundation
import Testing
import MyMoneyOFX
import MyMoneyTestSupport

/// Damaged input never crashes the reader: every mutation ends in statements or diagnostics.
@Suite("OFX robustness")
struct OFXRobustnessTests {
    static let seeds = [
        sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005120000[-5:EST]<TRNAMT>-1,50<FITID>1<NAME>A &amp; B<MEMO><![CDATA[x]]></STMTTRN>"),
        xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID><NAME>N</NAME></STMTTRN>"),
    ]

    @Test(arguments: 0..<2)
    func mutatedFilesNeverCrash(_ seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 42)
        let original = Array(OFXRobustnessTests.seeds[seed].utf8)
        let alphabet = Array("<>/&;[]!?-:.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ \n\u{0}\u{FF}".utf8)
        var outcomes = 0
        let iterations = ProcessInfo.processInfo.environment["MYMONEY_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 400
        for _ in 0..<iterations {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                guard !bytes.isEmpty else { break }
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[at] = alphabet.randomElement(using: &rng)!
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
                default: bytes = Array(bytes[..<at])
                }
            }
            let result = OFXReader().read(bytes, file: "fuzz.ofx", options: ReadOptions())
            if !result.statements.isEmpty || !result.diagnostics.isEmpty { outcomes += 1 }
        }
        #expect(outcomes == iterations)
    }

    @Test func corpusFilesCutAnywhereNeverCrash() throws {
        guard Corpus.directory != nil else { return }
        for key in ["ofx/ofxparse__bank_medium.ofx", "ofx/asgrim-ofxparser__ofxdata-xml.ofx", "qfx/actual__html-vals.qfx"] {
            let bytes = try Corpus.bytes(key)
            for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 150)) {
                let result = OFXReader().read(Array(bytes[..<cut]), file: key, options: ReadOptions())
                #expect(!result.statements.isEmpty || !result.diagnostics.isEmpty)
                if cut < bytes.count - 20 && !result.diagnostics.contains(where: { $0.severity == .error }) {
                    // A cut file is only acceptable when nothing was lost: no statement may claim to be whole.
                    #expect(result.statements.isEmpty, "\(key) cut at \(cut) read without an error")
                }
            }
        }
    }
}

@Suite("OFX hostile shapes")
struct OFXHostileShapeTests {
    @Test func hugeHeaderLikeGarbageIsCheap() {
        let text = "OFXHEADER:" + String(repeating: "x", count: 2_000_000)
        let start = Date()
        let result = readOFX(text)
        #expect(Date().timeIntervalSince(start) < 5)
        let usable = result.isUsable(strict: false)
        #expect(!usable)
    }

    @Test func manyUnknownEmptyTagsStayLinear() {
        let body = String(repeating: "<X.A><B.C>", count: 50_000)
        let start = Date()
        let result = readOFX(sgmlHeader + "<OFX>" + body + "</X.A></OFX>")
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(!result.diagnostics.isEmpty)
    }
}
