/// Applying one action of a matching rule.
extension RuleEvaluator {
    /// Applies `action` of rule `r` to `t`, recording what it overrode or created; returns whether
    /// it changed the transaction.
    mutating func apply(_ action: RuleAction, rule r: Int, to t: inout LedgerTransaction, index: Int, captures: [String]?,
                        outcome: inout TransactionOutcome, setBy: inout SIMD8<Int32>, tags tagEdits: inout TagEdits) -> Bool {
        let target = action.target
        var changed = false
        func setField(_ newValue: String?, _ current: String?, apply: (inout LedgerTransaction) -> Void) {
            if setBy[target.rank] >= 0 && Int(setBy[target.rank]) != r && newValue != current {
                if recordsOutcomes { outcome.overridden.append(OverriddenMatch(rule: Int(setBy[target.rank]), target: target, by: r, reason: .overridden)) }
            }
            if newValue != current {
                apply(&t)
                setBy[target.rank] = Int32(r)
                changed = true
            }
        }
        switch action {
        case .setCategory(let path):
            // Paths compare as values: their text is built only for reports.
            if setBy[target.rank] >= 0 && Int(setBy[target.rank]) != r && path != t.category {
                if recordsOutcomes { outcome.overridden.append(OverriddenMatch(rule: Int(setBy[target.rank]), target: target, by: r, reason: .overridden)) }
            }
            if path != t.category {
                t.category = path
                setBy[target.rank] = Int32(r)
                changed = true
            }
        case .setProject(let name):
            if let project = projects[name.lowercased()], let dates = project.dates, !dates.contains(t.day) {
                outcome.skipped.append(SkippedAction(rule: r, target: .project, value: project.name, reason: .outsideProjectDates,
                                                     detail: "project \"\(project.name)\" runs \(dates.start) … \(dates.end)"))
                return false
            }
            let canonical = projects[name.lowercased()]?.name ?? name
            setField(canonical, t.project) { $0.project = canonical }
        case .setPlace(let template):
            let value = template.render(captures)
            setField(value, t.place) { $0.place = value }
        case .setPayee(let template):
            let value = template.render(captures)
            setField(value, t.payee) { $0.payee = value }
        case .setNotes(let template):
            let value = template.render(captures)
            setField(value, t.notes) { $0.notes = value }
        case .appendNotes(let template):
            let value = template.render(captures)
            let combined = (t.notes.map { $0.isEmpty ? "" : $0 + " " } ?? "") + value
            if combined != t.notes {
                t.notes = combined
                setBy[target.rank] = Int32(r)
                changed = true
            }
        case .addTags(let tags):
            for (tag, key) in tags where !t.tags.contains(where: { TagKey.matches($0, key) }) {
                t.tags.append(tag)
                tagEdits.add(key, by: r)
                changed = true
            }
        case .removeTags(let tags):
            for (_, key) in tags {
                guard t.tags.contains(where: { TagKey.matches($0, key) }) else { continue }
                t.tags.removeAll { TagKey.matches($0, key) }
                if let adder = tagEdits.takeAdder(of: key) {
                    if recordsOutcomes { outcome.overridden.append(OverriddenMatch(rule: adder, target: .tags, by: r, reason: .overridden)) }
                } else {
                    tagEdits.remove(key, by: r)
                }
                changed = true
            }
        case .transfer(let direction, let name):
            let canonical = accountsByName[name.lowercased()]?.name ?? name
            setField(canonical, t.type == .transfer ? t.transferHint : nil) {
                $0.type = .transfer
                $0.transferHint = canonical
            }
            if Int(setBy[target.rank]) == r {
                let other = accountsByName[name.lowercased()]
                outcome.transfer = TransferMark(transaction: index, rule: r, direction: direction, account: canonical,
                                                accountKind: other?.kind,
                                                createsOtherLeg: context.accountsWithoutStatements.contains(where: { $0.lowercased() == name.lowercased() }))
            }
        case .ignore:
            outcome.ignoredBy = r
        }
        return changed
    }
}
