import Foundation
import Testing
import MyMoneyCAMT
import MyMoneyImport
import MyMoneyOFX
import MyMoneyQIF
import MyMoneyCSV
import MyMoneyTestSupport

/// Adding the camt reader to the registry changes the choice for no file but camt files: every
/// `Samples/` file and every corpus file is recognized as before, and camt files as camt.
@Suite struct CAMTRecognitionTests {
    static let before = StatementReaders([OFXReader(), QIFReader(), CSVReader()])
    static let after = StatementReaders([OFXReader(), QIFReader(), CSVReader(), CAMTReader()])

    /// Every file of `Samples/` and of the corpus's folders.
    static var files: [String] {
        var out: [String] = []
        let fm = FileManager.default
        let samples = Corpus.samples.path
        for name in (try? fm.contentsOfDirectory(atPath: samples)) ?? [] where !name.hasSuffix(".md") && name != "rates" {  // Samples/rates: exchange rates, not statements
            out.append("Samples/" + name)
        }
        if let corpus = Corpus.directory {
            for folder in (try? fm.contentsOfDirectory(atPath: corpus.path)) ?? [] {
                let path = corpus.appendingPathComponent(folder).path
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] { out.append("corpus/\(folder)/\(name)") }
            }
        }
        return out.sorted()
    }

    static func load(_ file: String) throws -> StatementInput {
        let url = file.hasPrefix("Samples/")
            ? Corpus.repositoryRoot.appendingPathComponent(file)
            : Corpus.directory!.appendingPathComponent(String(file.dropFirst("corpus/".count)))
        return StatementInput(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
    }

    @Test func thereAreFilesToCheck() {
        #expect(CAMTRecognitionTests.files.contains { $0.hasPrefix("Samples/") })
        if Corpus.directory == nil { print(Corpus.absentMessage) }
    }

    @Test(arguments: CAMTRecognitionTests.files)
    func recognizedAsBefore(_ file: String) throws {
        let input = try CAMTRecognitionTests.load(file)
        let was = CAMTRecognitionTests.before.recognize(input)?.format
        let now = CAMTRecognitionTests.after.recognize(input)?.format
        if file.hasPrefix("corpus/camt/") || file.hasSuffix(".camt053.xml") {
            #expect(now == "camt", "\(file): recognized as \(now ?? "nothing")")
        } else {
            #expect(now == was, "\(file): was \(was ?? "nothing"), now \(now ?? "nothing")")
        }
    }

    @Test func recognitionIsByContentNotName() {
        let camt = Array(camtDocument(camtStatement("")).utf8)
        #expect(CAMTReader().recognition(of: camt, fileName: "statement.csv") == 100)
        #expect(CAMTReader().recognition(of: Array("<?xml version=\"1.0\"?><OFX></OFX>".utf8), fileName: "x.camt053.xml") == 0)
        let noNamespace = Array("<?xml version=\"1.0\"?><Document><BkToCstmrStmt>".utf8)
        #expect(CAMTReader().recognition(of: noNamespace, fileName: "x") == 95)
    }
}
