/// Income, expense, cash flow and count per account, category, tag, project or place, in one
/// currency: the figures columns of the entity lists.
///
/// A category's figures include its children's (`Food` holds `Food:Groceries`); split parts count
/// under their own category (the caller passes their postings as rows). Counts include transfers
/// (``Figures/transferCount`` says how many of them are).
public enum EntryFigures {
    /// Figures by entry name (a category path as `Food:Groceries`); entries without rows are absent.
    ///
    /// - Parameter categories: with `entity` `.categories`, every category path to roll up (the
    ///   listing's; a path no row names still gets its children's figures).
    /// - Throws: ``AmountError/overflow`` when a sum does not fit.
    public static func figures(_ entity: EntrySummary.Entity, _ totals: [DailyTotal], categories: [CategoryPath] = [],
                               converter: CurrencyConverter) throws(AmountError) -> [String: Figures] {
        var converter = converter
        var own: [String: FlowFigures] = [:]
        for total in totals {
            guard let name = total.name else { continue }
            try own[name, default: FlowFigures()].add(total, converter: &converter)
        }
        var result: [String: Figures] = [:]
        if entity == .categories {
            let named = own.compactMap { name, figures in CategoryPath(parsing: name).map { ($0, figures) } }
            for path in categories {
                var merged = FlowFigures()
                for (inner, figures) in named where inner.isWithin(path) { try merged.add(figures) }
                if merged.count + merged.transferCount > 0 { result[path.description] = try merged.rounded(to: converter.target) }
            }
        } else {
            for (name, figures) in own { result[name] = try figures.rounded(to: converter.target) }
        }
        return result
    }
}
