import Foundation
import Testing
@testable import MyMoneyKit
@testable import MyMoneyImport
import MyMoneyTestSupport

/// `StatementConversion.isClean` and `TransactionIdentity.textKey` read a String's contiguous
/// bytes (and the key is written straight into its storage); the former byte-by-byte versions
/// are kept here as their plain twins and must agree on generated texts: ASCII with every kind
/// of white space at the ends and inside, runs of it, capitals, empty texts, texts of 15 and 16
/// bytes (small and large Strings), text beyond ASCII (accents, combining marks, non-breaking
/// spaces) and texts built by slicing (not native at their start).
@Suite struct TextScanTwinTests {
    static func plainIsClean(_ text: String) -> Bool {
        var previousWasSpace = true
        for byte in text.utf8 {
            if byte >= 0x80 || (byte >= 0x09 && byte <= 0x0D) { return false }
            if byte == 0x20 {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
        }
        return !previousWasSpace || text.isEmpty
    }

    static func plainTextKey(payee: String?, memo: String?, beyondASCII: ((String) -> String)?) -> String {
        var bytes: [UInt8] = []
        var pendingSpace = false
        for part in [payee, memo] {
            guard let part else { continue }
            if !bytes.isEmpty { pendingSpace = true }
            for byte in part.utf8 {
                if byte >= 0x80 {
                    // Beyond ASCII both ways take the same Unicode key: compared through the fast one.
                    return TransactionIdentity.textKey(payee: beyondASCII.map { payee.map($0) } ?? payee,
                                                       memo: beyondASCII.map { memo.map($0) } ?? memo, beyondASCII: nil)
                }
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    if !bytes.isEmpty { pendingSpace = true }
                    continue
                }
                if pendingSpace { bytes.append(0x20); pendingSpace = false }
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func text(_ rng: inout SeededGenerator) -> String {
        let pieces = ["a", "B", "shop", "LTD", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "1", "-", ".",
                      "é", "e\u{301}", "\u{A0}", "Ü", "日本", "\u{2003}", "x"]
        var s = ""
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return ""
        case 1: s = String(repeating: "A", count: Int.random(in: 14...17, using: &rng))
        default: break
        }
        let asciiOnly = Bool.random(using: &rng)
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let p = pieces[Int.random(in: 0..<(asciiOnly ? 14 : pieces.count), using: &rng)]
            s += p
        }
        if Int.random(in: 0..<5, using: &rng) == 0 { s = String(s.dropFirst()) }   // a slice made a String
        return s
    }

    @Test func fastScansAgreeWithTheirPlainTwins() {
        var rng = SeededGenerator(seed: 41)
        let clean: (String) -> String = { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for _ in 0..<20_000 {
            let a = Self.text(&rng), b = Self.text(&rng)
            #expect(StatementConversion.isClean(a) == Self.plainIsClean(a), "\(Array(a.utf8))")
            let payee: String? = Int.random(in: 0..<6, using: &rng) == 0 ? nil : a
            let memo: String? = Int.random(in: 0..<3, using: &rng) == 0 ? nil : b
            let cleanings: [((String) -> String)?] = [nil, clean]
            for beyond in cleanings {
                #expect(TransactionIdentity.textKey(payee: payee, memo: memo, beyondASCII: beyond)
                        == Self.plainTextKey(payee: payee, memo: memo, beyondASCII: beyond), "\(String(describing: payee)) / \(String(describing: memo))")
            }
            #expect(TransactionIdentity.textKey(payee: payee, memo: memo) == Self.plainTextKey(payee: payee, memo: memo, beyondASCII: nil))
        }
    }
}
