import Foundation
import MyMoneyImport
import MyMoneyCSV
import MyMoneyOFX
import MyMoneyQIF
import MyMoneyCAMT
import MyMoneyMT940

/// The toolkit's readers, set up the way the command line uses them.
public enum Readers {
    /// OFX/QFX, QIF and CSV, with the bank profiles found in `profilesDirectory`
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
}
