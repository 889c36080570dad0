import Foundation
import Testing
import MyMoneyCore
import MyMoneyRules

/// Where a regex error points when the pattern is not all UTF-8 (found by the rules fuzzer: the
/// offset counted in the decoded pattern ran past the end of the file).
@Suite struct RegexPositionTests {
    @Test func aBadRegexAfterBytesThatAreNotUTF8PointsInsideTheFile() {
        var bytes = Array("rule \"Groceries\"\n  when payee matches /REW".utf8)
        bytes += Array(repeating: 0xFF, count: 99)
        bytes += Array("E (Markt/\n  set category Food:Groceries\n".utf8)
        let compilation = RuleCompiler.compile([RuleParser.parse(SourceFile(name: "bad.rules", text: bytes))])
        let regexErrors = compilation.diagnostics.filter { $0.code == "rules.bad-regex" }
        #expect(!regexErrors.isEmpty)
        for diagnostic in compilation.diagnostics {
            let offset = diagnostic.position?.offset ?? 0
            #expect((0...bytes.count).contains(offset), "\(diagnostic.code) at \(offset) of \(bytes.count)")
        }
        // The caret goes to the pattern's start: the decoded offsets are not the file's.
        #expect(regexErrors.first?.position?.line == 2)
        _ = compilation.renderDiagnostics()
    }
}
