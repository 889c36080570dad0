/// The changes a transaction's rules made, for ``TransactionOutcome/changes``.
extension RuleEvaluator {
    /// An action's value as reports show it.
    func describe(_ action: RuleAction, _ captures: [String]?) -> String? {
        switch action {
        case .setCategory(let p): return p.description
        case .setProject(let s): return s
        case .setPlace(let t), .setPayee(let t), .setNotes(let t), .appendNotes(let t): return t.render(captures)
        case .addTags(let tags), .removeTags(let tags): return tags.map(\.tag).joined(separator: ", ")
        case .transfer(let d, let name): return "\(d.rawValue) \(name)"
        case .ignore: return nil
        }
    }

    /// Each field that differs between `a` (the fields before the rules, kept before each was
    /// first changed) and `b` (after), with the rule that set it.
    func changes(from a: OriginalFields, to b: LedgerTransaction, setBy: SIMD8<Int32>, tags: TagEdits) -> [FieldChange] {
        var result: [FieldChange] = []
        visitChanges(from: a, to: b, setBy: setBy, tags: tags, into: &result)
        return result
    }

    /// The targets of ``changes(from:to:setBy:tags:)``, without making any change's texts (what
    /// an import needs of a row: ``RuleEffects``).
    func changedTargets(from a: OriginalFields, to b: LedgerTransaction, setBy: SIMD8<Int32>, tags: TagEdits) -> RuleTargetSet {
        var result: RuleTargetSet = []
        visitChanges(from: a, to: b, setBy: setBy, tags: tags, into: &result)
        return result
    }

    /// Hands each change to `sink`, in the order ``TransactionOutcome/changes`` lists them; the
    /// sink asks for the texts only if it keeps them.
    private func visitChanges<Sink: ChangeSink>(from a: OriginalFields, to b: LedgerTransaction, setBy: SIMD8<Int32>,
                                                tags: TagEdits, into sink: inout Sink) {
        func field(_ target: RuleTarget, _ old: @autoclosure () -> String?, _ new: @autoclosure () -> String?) {
            guard setBy[target.rank] >= 0 else { return }
            let before = old(), after = new()
            if before != after { sink.add(target, .set, previous: before, value: after, rule: Int(setBy[target.rank])) }
        }
        // A field no rule set is as it was (and was not kept): only the ones set are compared.
        let setter = Int(setBy[RuleTarget.category.rank])
        if setter >= 0 && a.category != b.category {
            // The rule that set the category last wrote exactly its path: its text is ready.
            field(.category, a.category?.description, categoryTexts[setter])
        }
        if !tags.isEmpty && a.tags != b.tags {
            for tag in b.tags where !a.tags.contains(where: { TagKey.same($0, tag) }) {
                if let r = tags.adder(of: tag) { sink.add(.tags, .add, previous: nil, value: tag, rule: r) }
            }
            for tag in a.tags where !b.tags.contains(where: { TagKey.same($0, tag) }) {
                if let r = tags.remover(of: tag) { sink.add(.tags, .remove, previous: nil, value: tag, rule: r) }
            }
        }
        field(.project, a.project, b.project)
        field(.place, a.place, b.place)
        field(.payee, a.payee, b.payee)
        field(.notes, a.notes, b.notes)
        field(.transfer, a.transfer, b.type == .transfer ? b.transferHint : nil)
    }
}

/// Where ``RuleEvaluator``'s change walk puts each change: whole (``FieldChange``), or only its target.
fileprivate protocol ChangeSink {
    mutating func add(_ target: RuleTarget, _ operation: FieldChange.Operation, previous: @autoclosure () -> String?,
                      value: @autoclosure () -> String?, rule: Int)
}

extension Array: ChangeSink where Element == FieldChange {
    mutating func add(_ target: RuleTarget, _ operation: FieldChange.Operation, previous: @autoclosure () -> String?,
                      value: @autoclosure () -> String?, rule: Int) {
        append(FieldChange(target: target, operation: operation, previous: previous(), value: value(), rule: rule))
    }
}

extension RuleTargetSet: ChangeSink {
    mutating func add(_ target: RuleTarget, _ operation: FieldChange.Operation, previous: @autoclosure () -> String?,
                      value: @autoclosure () -> String?, rule: Int) {
        insert(RuleTargetSet(target))
    }
}
