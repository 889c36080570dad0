import MyMoneyStore

/// The tip a main command gives the first time it runs on a ledger: one line naming the next
/// useful step, shown once per command and ledger.
///
/// Showing it is the command line's business (stderr, only on a terminal, never with JSON);
/// these books remember which tips were shown, and `mymoney config set tips off` silences them.
public enum FirstUseTips {
    /// The tip of each main command.
    public static let byCommand: [String: String] = [
        "import": "see why a rule set a field with 'mymoney rules explain ID', and the payees no rule matches yet with 'mymoney rules stats'",
        "transactions": "narrow the list with --category, --account, --from/--through or --search; correct one with 'mymoney transactions edit ID --category PATH'",
        "accounts": "statements find their account by its number: give it with 'mymoney accounts edit NAME --number IBAN'",
        "rules": "try a change on the stored transactions first with 'mymoney rules test', then 'mymoney rules apply'",
        "transfers": "pairs the matcher was not sure of wait in 'mymoney transfers review'",
        "reconcile": "check the balance your bank shows with 'mymoney reconcile --account NAME --balance AMOUNT --as-of DAY'; --mark locks what agrees",
        "report": "follow one category month by month with 'mymoney report analysis --category Food'",
        "budgets": "set a monthly limit with 'mymoney budgets add --category Food --amount 400 --currency EUR'",
        "imports": "'mymoney imports undo ID' takes back exactly what one import added",
    ]

    /// The settings key listing the commands whose tip was shown (not a user setting).
    static let shownKey = "tips.shown"
}

extension Books {
    /// The tip of `command` when it is due (tips are on, and it was not shown for these books
    /// yet), marked as shown; nil otherwise.
    public func takeTip(for command: String) throws(BooksError) -> String? {
        guard let tip = FirstUseTips.byCommand[command], try value(of: .tips) != "off" else { return nil }
        let stored = try store { () throws(LedgerError) in try ledger.setting(FirstUseTips.shownKey) }
        var shown = Set((stored ?? "").split(separator: ",").map(String.init))
        guard !shown.contains(command) else { return nil }
        shown.insert(command)
        try atomically { () throws in try ledger.setSetting(FirstUseTips.shownKey, to: shown.sorted().joined(separator: ",")) }
        return tip
    }
}
