import Foundation
import MyMoneyImport

/// The toolkit's readers, set up the way the command line uses them.
public enum Readers {
    /// Every reader, with the bank profiles found in `profilesDirectory` (`Rules/profiles`) for CSV.
    public static func standard(profilesDirectory: String?) -> (readers: StatementReaders, diagnostics: [Diagnostic]) {
        (StatementReaders([]), [])
    }
}
