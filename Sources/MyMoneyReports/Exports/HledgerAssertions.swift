/// Where each statement balance goes in an hledger journal.
///
/// hledger checks assertions in date order, and within a day in file order, counting a posting
/// on its posting date. A balance at the end of day D therefore belongs on the account's last
/// posting (in file order) dated D; when there is none, or that posting already carries a
/// balance, it gets a zero posting of its own after the day's entries.
///
/// - Complexity: O(postings + checkpoints).
struct HledgerAssertions {
    struct Key: Hashable {
        var account: Journal.AccountName
        var day: Day
        var currency: Currency
    }

    /// Assertions by entry index, then posting index.
    var onPosting: [Int: [Int: Journal.Checkpoint]] = [:]
    /// Checkpoints written as entries of their own, by day.
    var standalone: [Journal.Checkpoint] = []

    init(_ journal: Journal) {
        var last: [Key: (entry: Int, posting: Int)] = [:]
        for (e, entry) in journal.entries.enumerated() {
            for (p, posting) in entry.postings.enumerated() {
                last[Key(account: posting.account, day: posting.day ?? entry.day, currency: posting.currency)] = (e, p)
            }
        }
        for c in journal.checkpoints {
            let key = Key(account: c.account, day: c.endOfDay, currency: c.currency)
            if let spot = last[key], onPosting[spot.entry]?[spot.posting] == nil {
                onPosting[spot.entry, default: [:]][spot.posting] = c
            } else {
                standalone.append(c)
            }
        }
    }
}
