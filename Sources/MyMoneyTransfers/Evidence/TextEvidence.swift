/// What one transaction's payee and memo say, read once per leg before candidates are scored.
///
/// Compact on purpose: the matcher keeps one per transaction (a million in the benchmark).
/// Account and currency sets are bit masks over the matcher's account and currency lists
/// (the first 64 of each; further ones are never "mentioned").
struct TextEvidence: Sendable {
    /// Bit per `TransferWordKind` found (see `bit(_:)`).
    var kinds: UInt8 = 0
    /// Accounts whose name or number the text mentions.
    var mentionedAccounts: UInt64 = 0
    /// Currencies (of the user's accounts) whose code the text mentions.
    var mentionedCurrencies: UInt64 = 0
    /// Hash of the payee's first telling word (0 when none): two legs naming the same party.
    var payeeHead: UInt64 = 0
    /// Hash of all the payee's words (0 when it has none), for payees without a telling word (`H&M Online`).
    var payeeText: UInt64 = 0
    /// The text looks like a shop: a store number (`#10234`), a merchant code (`MKTPL*2K4LM`), a shop's name.
    var merchantLike: Bool = false

    static func bit(_ kind: TransferWordKind) -> UInt8 {
        switch kind {
        case .strongTransfer: return 1
        case .weakTransfer: return 2
        case .cash: return 4
        case .cardPayment: return 8
        case .fee: return 16
        case .merchant: return 32
        case .generic: return 64
        case .thirdParty: return 128
        }
    }

    func has(_ kind: TransferWordKind) -> Bool { kinds & TextEvidence.bit(kind) != 0 }

    /// Both payees name the same party: the same first telling word, or the same words.
    func samePayee(as other: TextEvidence) -> Bool {
        (payeeHead != 0 && payeeHead == other.payeeHead) || (payeeText != 0 && payeeText == other.payeeText)
    }

    /// Any sign of a transfer: the legs that may pair across currencies without a reference rate.
    var suggestsTransfer: Bool {
        kinds & (TextEvidence.bit(.strongTransfer) | TextEvidence.bit(.weakTransfer) | TextEvidence.bit(.cash)
                 | TextEvidence.bit(.cardPayment)) != 0 || mentionedAccounts != 0 || mentionedCurrencies != 0
    }

    mutating func merge(_ other: TextEvidence) {
        kinds |= other.kinds
        mentionedAccounts |= other.mentionedAccounts
        mentionedCurrencies |= other.mentionedCurrencies
        if payeeHead == 0 { payeeHead = other.payeeHead }
        if payeeText == 0 { payeeText = other.payeeText }
        merchantLike = merchantLike || other.merchantLike
    }
}

/// The words found in one field, kept only when reasons are written.
struct TextFindings: Sendable {
    /// Each word found, with the text as written (`eigenes`, `THANK YOU`).
    var words: [(word: TransferWord, written: String)] = []
    var accounts: [Int] = []
    var currencies: [Int] = []
    var merchantSigns: [String] = []
}
