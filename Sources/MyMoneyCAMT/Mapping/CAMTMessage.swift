/// Which camt message a document holds, from its namespace and root: `camt.053.001.02` is a
/// statement (`BkToCstmrStmt`) of schema version 2.
struct CAMTMessage: Sendable, Equatable {
    enum Kind: String, Sendable {
        /// camt.052, `BkToCstmrAcctRpt`: intraday report (`Rpt`).
        case report = "camt.052"
        /// camt.053, `BkToCstmrStmt`: statement (`Stmt`).
        case statement = "camt.053"
        /// camt.054, `BkToCstmrDbtCdtNtfctn`: debit/credit notification (`Ntfctn`).
        case notification = "camt.054"

        /// The message root under `Document`.
        var root: CAMTElement {
            switch self {
            case .report: return .BkToCstmrAcctRpt
            case .statement: return .BkToCstmrStmt
            case .notification: return .BkToCstmrDbtCdtNtfctn
            }
        }

        init?(root: CAMTElement) {
            switch root {
            case .BkToCstmrAcctRpt: self = .report
            case .BkToCstmrStmt: self = .statement
            case .BkToCstmrDbtCdtNtfctn: self = .notification
            default: return nil
            }
        }
    }

    var kind: Kind
    /// `001.02`, …; nil when the document has no ISO namespace.
    var version: String?

    /// `camt.053.001.02`, or `camt.053` without a version.
    var name: String { version.map { "\(kind.rawValue).\($0)" } ?? kind.rawValue }

    static let namespacePrefix = "urn:iso:std:iso:20022:tech:xsd:"

    /// What a `Document` namespace names: `(kind, version)` for `urn:iso:std:iso:20022:tech:xsd:camt.05N.001.NN`,
    /// or the ISO message name it holds instead (`pain.001.001.03`) in `other`.
    static func parseNamespace(_ uri: String) -> (kind: Kind?, version: String?, other: String?) {
        guard uri.hasPrefix(namespacePrefix) else { return (nil, nil, nil) }
        let name = uri.dropFirst(namespacePrefix.count)
        let parts = name.split(separator: ".", maxSplits: 2)
        guard parts.count >= 2 else { return (nil, nil, String(name)) }
        let kind = Kind(rawValue: "\(parts[0]).\(parts[1])")
        return (kind, parts.count == 3 ? String(parts[2]) : nil, kind == nil ? String(name) : nil)
    }
}

/// `GrpHdr`: the message's id, creation time and page.
struct CAMTGroupHeader: Sendable {
    var messageId: String?
    var created: String?
    var pageNumber: String?
    var lastPage: String?

    /// The header's facts as statement fields.
    var fields: [StatementField] {
        var out: [StatementField] = []
        if let messageId { out.append(StatementField("MsgId", messageId)) }
        if let created { out.append(StatementField("GrpHdr.CreDtTm", created)) }
        if let pageNumber { out.append(StatementField("MsgPgntn.PgNb", pageNumber)) }
        if let lastPage { out.append(StatementField("MsgPgntn.LastPgInd", lastPage)) }
        return out
    }
}
