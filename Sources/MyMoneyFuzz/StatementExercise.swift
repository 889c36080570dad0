import MyMoneyImport
import MyMoneyCSV
import MyMoneyOFX
import MyMoneyQIF

/// What the statement fuzz targets do with one input: read it, check what came back, render every
/// diagnostic the way the command line prints it.
///
/// Invariants (each a `precondition`, so a violation is a crash the fuzzer keeps):
/// - a recognition score is between 0 and 100, whatever the bytes and the file name, and a
///   reader's own extension never turns a score of 0 into more or back (`StatementReader`: the
///   name "may break ties but must not decide");
/// - a diagnostic with a position names a file, and its line and column are at least 1;
/// - a position in the file the reader returned as its source lies inside that text.
///
/// Rendering matters: a diagnostic's position is turned into a line excerpt and a caret at print
/// time, from the reader's decoded text, so a wrong offset crashes there rather than in the reader.
enum StatementExercise {
    /// The readers in the order the command line registers them (`Readers.standard`), without
    /// bank profiles.
    static let readers = StatementReaders([OFXReader(), QIFReader(), CSVReader()])

    /// Reads with one reader, whatever its recognition says (the sniffer target checks that: CSV
    /// recognition resolves a layout and cost a third of the CSV target's time).
    static func read(_ bytes: [UInt8], with reader: any StatementReader, file: String) -> FuzzOutcome {
        check(reader.read(bytes, file: file, options: ReadOptions()), file: file)
    }

    static func recognizeAndRead(_ bytes: [UInt8], file: String) -> FuzzOutcome {
        let head = Array(bytes.prefix(8192))
        for reader in readers.readers {
            let unnamed = reader.recognition(of: head, fileName: file)
            let named = reader.recognition(of: head, fileName: "statement." + (reader.format == "ofx" ? "qfx" : reader.format))
            precondition((0...100).contains(unnamed) && (0...100).contains(named),
                         "\(reader.format) recognition \(unnamed) / \(named) is outside 0...100")
            // StatementReader: "`fileName` may break ties but must not decide".
            precondition((unnamed == 0) == (named == 0),
                         "\(reader.format) recognition is \(unnamed) without its extension and \(named) with it")
        }
        return check(readers.read(StatementInput(name: file, bytes: bytes), options: ReadOptions()), file: file)
    }

    /// Checks the result's promises and renders its diagnostics.
    static func check(_ result: ReadResult, file: String) -> FuzzOutcome {
        var sources: [String: SourceFile] = [:]
        if let source = result.source { sources[source.name] = source }
        let renderer = DiagnosticRenderer(sources: sources)
        for diagnostic in result.diagnostics {
            if let position = diagnostic.position {
                precondition(diagnostic.file != nil, "[\(diagnostic.code)] has a position but no file")
                precondition(position.line >= 1 && position.column >= 1,
                             "[\(diagnostic.code)] at line \(position.line) column \(position.column)")
                if let name = diagnostic.file, let source = sources[name] {
                    precondition((0...source.text.count).contains(position.offset),
                                 "[\(diagnostic.code)] at offset \(position.offset) of a \(source.text.count)-byte text")
                }
            }
            _ = renderer.render(diagnostic)
        }
        for statement in result.statements {
            precondition(statement.source.file == file, "a statement from \(statement.source.file), read as \(file)")
        }
        return FuzzOutcome(items: result.statements.count, diagnostics: result.diagnostics)
    }
}
