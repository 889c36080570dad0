import Foundation
import Testing
import MyMoneyMT940
import MyMoneyImport
import MyMoneyOFX
import MyMoneyQIF
import MyMoneyCSV
import MyMoneyTestSupport

/// Adding the MT940 reader changes the choice for no file but MT940 files: every `Samples/` file
/// and every corpus file is recognized as before, and MT940 files as MT940 (the one corpus file
/// that is not MT940 at all stays unrecognized or with its old reader).
@Suite struct MT940RecognitionTests {
    static let before = StatementReaders([OFXReader(), QIFReader(), CSVReader()])
    static let after = StatementReaders([OFXReader(), QIFReader(), CSVReader(), MT940Reader()])

    static var files: [String] {
        var out: [String] = []
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: Corpus.samples.path)) ?? [] where !name.hasSuffix(".md") && name != "rates" { out.append("Samples/" + name) }  // rates/: not statements
        if let corpus = Corpus.directory {
            for folder in (try? fm.contentsOfDirectory(atPath: corpus.path)) ?? [] {
                var isDirectory: ObjCBool = false
                let path = corpus.appendingPathComponent(folder).path
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] { out.append("corpus/\(folder)/\(name)") }
            }
        }
        return out.sorted()
    }

    static func load(_ file: String) throws -> StatementInput {
        let url = file.hasPrefix("Samples/") ? Corpus.repositoryRoot.appendingPathComponent(file)
            : Corpus.directory!.appendingPathComponent(String(file.dropFirst("corpus/".count)))
        return StatementInput(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
    }

    @Test(arguments: MT940RecognitionTests.files)
    func recognizedAsBefore(_ file: String) throws {
        let input = try MT940RecognitionTests.load(file)
        let was = MT940RecognitionTests.before.recognize(input)?.format
        let now = MT940RecognitionTests.after.recognize(input)?.format
        if file.hasPrefix("corpus/mt940/") && !file.hasSuffix("invalid_statement.sta") {
            #expect(now == "mt940", "\(file): recognized as \(now ?? "nothing") (was \(was ?? "nothing"))")
        } else {
            #expect(now == was, "\(file): was \(was ?? "nothing"), now \(now ?? "nothing")")
        }
    }

    @Test func recognitionIsByContentNotName() {
        let text = Array(message([":61:2610051005D10,00NTRFNONREF"]).utf8)
        #expect(MT940Reader().recognition(of: text, fileName: "x.csv") == 100)
        #expect(MT940Reader().recognition(of: Array("Date,Payee,Amount\n2026-10-01,a,1\n".utf8), fileName: "x.sta") == 0)
        #expect(MT940Reader().recognition(of: Array(":60F:C100318EUR380115,12\n".utf8), fileName: "x") == 60)
    }
}
