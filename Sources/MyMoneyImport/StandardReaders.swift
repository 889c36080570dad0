import Foundation
import MyMoneyCSV
import MyMoneyOFX
import MyMoneyQIF
import MyMoneyCAMT
import MyMoneyMT940

/// The toolkit's readers, set up the way the command line uses them.
public enum Readers {
    /// OFX/QFX, QIF, camt.053/052/054, MT940/942 and CSV, with the bank profiles found in `profilesDirectory`
    /// (`Rules/profiles`) for CSV. A missing folder is no error: inference alone reads most files.
    public static func standard(profilesDirectory: String?) -> (readers: StatementReaders, diagnostics: [Diagnostic]) {
        var profiles: [CSVProfile] = []
        var diagnostics: [Diagnostic] = []
        if let profilesDirectory, FileManager.default.fileExists(atPath: profilesDirectory) {
            do {
                let library = try CSVProfileLibrary(directory: URL(fileURLWithPath: profilesDirectory))
                profiles = library.profiles
                diagnostics = library.diagnostics
            } catch {
                diagnostics.append(.warning("csv.profile.io", "cannot list the bank profiles in \(profilesDirectory): \(error.localizedDescription)"))
            }
        }
        return (StatementReaders([OFXReader(), QIFReader(), CSVReader(profiles: profiles), CAMTReader(), MT940Reader()]), diagnostics)
    }

    /// The CSV layout the CSV reader infers for `input`, written as a bank profile to save and edit;
    /// nil (with the reasons in the diagnostics) when the input is not CSV or has no usable layout.
    public static func inferredProfile(of input: StatementInput, readers: StatementReaders, format: String?,
                                       options: ReadOptions) -> (profile: String?, diagnostics: [Diagnostic]) {
        guard let csv = readers.reader(named: "csv") as? CSVReader, (format ?? readers.recognize(input)?.format) == "csv" else {
            return (nil, [.error("csv.profile.not-csv", "only CSV files have a layout to print as a profile", file: input.name)])
        }
        let (profile, diagnostics) = csv.inferProfile(input.bytes, file: input.name, options: options)
        return (profile?.render(), diagnostics)
    }
}
