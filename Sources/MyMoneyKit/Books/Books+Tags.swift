import MyMoneyStore

/// A tag with its figures.
public struct TagStanding: Sendable {
    public var tag: LedgerTag
    /// In the reporting currency.
    public var figures: Figures
}

extension Books {
    public func tagStandings(in currency: Currency? = nil) throws(BooksError) -> [TagStanding] {
        let tags = try store { () throws(LedgerError) in try ledger.tags() }
        let (target, figures) = try figures(of: .tags, in: currency)
        return tags.map { TagStanding(tag: $0, figures: figures[$0.title] ?? .empty(target)) }
    }

    /// The tag titled `title`.
    ///
    /// - Throws: ``BooksError`` `notFound` when there is none.
    public func tag(titled title: String) throws(BooksError) -> LedgerTag {
        guard let tag = try store({ () throws(LedgerError) in try ledger.tag(titled: title) }) else {
            throw BooksError(.notFound, "there is no tag \(title) (see mymoney tags list)")
        }
        return tag
    }

    public func addTag(_ tag: LedgerTag) throws(BooksError) -> LedgerTag {
        try store { () throws(LedgerError) in try ledger.addTag(tag) }
    }

    public func updateTag(_ tag: LedgerTag) throws(BooksError) -> LedgerTag {
        try store { () throws(LedgerError) in try ledger.updateTag(tag) }
    }

    @discardableResult
    public func removeTag(titled title: String) throws(BooksError) -> LedgerTag {
        let tag = try tag(titled: title)
        try store { () throws(LedgerError) in try ledger.deleteTag(id: tag.id ?? -1) }
        return tag
    }
}
