import Foundation

/// Where the books are kept when a command does not say.
public enum BooksLocation {
    /// `explicit` (`--ledger PATH`) when given, else `MYMONEY_LEDGER`, else
    /// `$XDG_DATA_HOME/mymoney/ledger.sqlite` (an absolute `XDG_DATA_HOME` only, as the XDG spec
    /// says), else `~/.local/share/mymoney/ledger.sqlite`.
    public static func path(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = environment["MYMONEY_LEDGER"], !path.isEmpty { return path }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/mymoney/ledger.sqlite" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/mymoney/ledger.sqlite"
    }
}
