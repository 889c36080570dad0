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

    /// Adds a tag.
    ///
    /// - Parameter known: problems the caller found already (values it could not read); they are
    ///   reported with the tag's own.
    /// - Throws: ``BooksError`` `invalid` with every problem of the title and color, and a title
    ///   another tag has.
    public func addTag(_ tag: LedgerTag, problems known: FieldProblems = FieldProblems()) throws(BooksError) -> LedgerTag {
        try checkTag(tag, known)
        return try store { () throws(LedgerError) in try ledger.addTag(tag) }
    }

    /// Saves a changed title or color (the problems as for ``addTag(_:problems:)``).
    public func updateTag(_ tag: LedgerTag, problems known: FieldProblems = FieldProblems()) throws(BooksError) -> LedgerTag {
        try checkTag(tag, known)
        return try store { () throws(LedgerError) in try ledger.updateTag(tag) }
    }

    private func checkTag(_ tag: LedgerTag, _ known: FieldProblems) throws(BooksError) {
        var problems = known
        problems.add(LedgerValidation.problems(in: tag))
        if let other = try store({ () throws(LedgerError) in try ledger.tag(titled: tag.title) }), other.id != tag.id {
            problems.add("title", "a tag named \(other.title) already exists")
        }
        try problems.throwIfAny()
    }

    @discardableResult
    public func removeTag(titled title: String) throws(BooksError) -> LedgerTag {
        let tag = try tag(titled: title)
        try store { () throws(LedgerError) in try ledger.deleteTag(id: tag.id ?? -1) }
        return tag
    }
}
