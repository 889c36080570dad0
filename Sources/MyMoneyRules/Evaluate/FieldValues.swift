/// Reads condition fields from a transaction and its account.
enum FieldValues {
    /// Calls `body` with each text value of `field` (none when unset) until it returns true.
    ///
    /// `tag` yields each tag; `text` yields payee, memo and notes.
    @inline(__always)
    static func any(_ field: RuleField, _ t: LedgerTransaction, _ account: Account?, _ body: (String) -> Bool) -> Bool {
        switch field {
        case .tag:
            for tag in t.tags where body(tag) { return true }
            return false
        // The fields rules read most, borrowed where they lie: through ``single(_:_:_:)`` each
        // value came back retained, and two threads retaining one shared payee text contend for it.
        case .payee:
            if let v = t.payee { return body(v) }
            return false
        case .memo:
            if let v = t.memo { return body(v) }
            return false
        case .originalPayee:
            if let v = t.originalPayee { return body(v) }
            return false
        case .text:
            if let v = t.payee, body(v) { return true }
            if let v = t.memo, body(v) { return true }
            if let v = t.notes, body(v) { return true }
            return false
        default:
            guard let v = single(field, t, account) else { return false }
            return body(v)
        }
    }

    /// The value of a single-valued field.
    static func single(_ field: RuleField, _ t: LedgerTransaction, _ account: Account?) -> String? {
        switch field {
        case .payee: return t.payee
        case .originalPayee: return t.originalPayee
        case .memo: return t.memo
        case .notes: return t.notes
        case .bankType: return t.bankType
        case .checkNumber: return t.checkNumber
        case .bankId: return t.bankId
        case .category: return t.category?.description
        case .project: return t.project
        case .place: return t.place
        case .transferHint: return t.transferHint
        case .account: return account?.name
        case .accountKind: return account?.kind.rawValue
        case .currency: return t.currency.code
        case .sourceFormat: return t.sourceFormat
        case .sourceFile: return t.sourceFile
        case .type: return t.type.rawValue
        case .extra(let key):
            if let exact = t.extra.first(where: { $0.key == key }) { return exact.value }
            let lower = key.lowercased()
            return t.extra.first(where: { $0.key.lowercased() == lower })?.value
        case .tag: return t.tags.first
        case .text: return t.payee ?? t.memo ?? t.notes
        case .amount: return t.amount.description
        case .absoluteAmount: return (try? t.amount.magnitude())?.description
        case .date: return t.day.description
        case .dayOfMonth: return String(t.day.day)
        case .month: return String(t.day.month)
        case .weekday: return ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][t.day.weekday - 1]
        }
    }

    /// The field's value as an explanation shows it: `"REWE Markt Berlin"`, `-54.37`, `(empty)`.
    static func shown(_ field: RuleField, _ t: LedgerTransaction, _ account: Account?) -> String {
        switch field {
        case .tag:
            return t.tags.isEmpty ? "(no tags)" : t.tags.map { "\"\($0)\"" }.joined(separator: ", ")
        case .text:
            let parts = [("payee", t.payee), ("memo", t.memo), ("notes", t.notes)].compactMap { name, v in v.map { "\(name) \"\($0)\"" } }
            return parts.isEmpty ? "(empty)" : parts.joined(separator: ", ")
        case .amount, .absoluteAmount, .date, .dayOfMonth, .month, .weekday:
            return single(field, t, account) ?? "(empty)"
        default:
            guard let v = single(field, t, account), !v.isEmpty else { return "(empty)" }
            return "\"\(v)\""
        }
    }
}
