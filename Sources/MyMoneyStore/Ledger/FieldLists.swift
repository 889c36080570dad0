/// The stored text of sets of fields (`hand_fields`, `rule_fields`: ``Ledger/fieldList(_:)``),
/// each made once per distinct set during one write.
///
/// A write of a million rows marks them with a handful of distinct sets (the fields the rules
/// set); sorting the set and joining its names on every row was a sort, an array and a string
/// each. ``Ledger/fieldList(_:)`` is the plain twin.
struct FieldLists {
    private var made: [Set<TransactionField>: String] = [:]

    /// ``Ledger/fieldList(_:)`` of `fields`.
    mutating func text(of fields: Set<TransactionField>) -> String {
        if let known = made[fields] { return known }
        let text = Ledger.fieldList(fields)
        made[fields] = text
        return text
    }
}
