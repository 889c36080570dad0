import MyMoneyImport
import MyMoneyCSV
import MyMoneyOFX
import MyMoneyQIF

/// One kind of untrusted input the fuzzers feed to the toolkit, and what is done with each input.
///
/// Every target takes the bytes as a whole file, exactly as `mymoney parse` or a rules folder would
/// get them, so a kept input (`Tests/Fuzz/<name>/regressions/`) is also a file a user can run
/// through the command line. The OFX targets share one reader and differ in their seeds and
/// dictionaries (SGML bodies or XML documents). Each run checks the invariants in
/// ``StatementExercise`` and ``RuleExercise`` with `precondition`, so a broken promise is a crash
/// the fuzzer keeps, like a trap in the reader itself.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case csv
    case ofxSGML = "ofx-sgml"
    case ofxXML = "ofx-xml"
    case qif
    /// Format recognition (`StatementReaders.recognize`) and the read of whatever it chose.
    case sniffer
    /// Rule files: parse, compile, render the diagnostics, apply a compiled set.
    case rules

    /// The folder under `Tests/Fuzz/` (`csv`, `ofx-sgml`, …); also the name `scripts/fuzz.sh` takes.
    public var name: String { rawValue }

    /// The file name the input is given, so readers that look at extensions see a plausible one.
    public var fileName: String {
        switch self {
        case .csv: "fuzz.csv"
        case .ofxSGML: "fuzz.qfx"
        case .ofxXML: "fuzz.ofx"
        case .qif: "fuzz.qif"
        case .sniffer: "fuzz"
        case .rules: "fuzz.rules"
        }
    }

    /// Runs one input through the target; returns normally unless an invariant breaks (a trap).
    @discardableResult
    public func run(_ bytes: [UInt8]) -> FuzzOutcome {
        switch self {
        case .csv: StatementExercise.read(bytes, with: CSVReader(), file: fileName)
        case .ofxSGML, .ofxXML: StatementExercise.read(bytes, with: OFXReader(), file: fileName)
        case .qif: StatementExercise.read(bytes, with: QIFReader(), file: fileName)
        case .sniffer: StatementExercise.recognizeAndRead(bytes, file: fileName)
        case .rules: RuleExercise.run(bytes, file: fileName)
        }
    }

    /// Runs the bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
    public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        guard let data, size > 0 else { run([]); return }
        run(Array(UnsafeBufferPointer(start: data, count: size)))
    }
}

/// What one input gave, for tests that check a target really reaches its reader.
public struct FuzzOutcome: Sendable, Hashable {
    /// Statements read, or rules compiled (rules target).
    public var items: Int
    public var errors: Int
    public var warnings: Int

    public init(items: Int, diagnostics: [Diagnostic]) {
        self.items = items
        self.errors = diagnostics.filter { $0.severity == .error }.count
        self.warnings = diagnostics.filter { $0.severity == .warning }.count
    }
}
