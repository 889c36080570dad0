import MyMoneyStore

/// A place with its figures.
public struct PlaceStanding: Sendable {
    public var place: Place
    /// In the reporting currency.
    public var figures: Figures
}

extension Books {
    public func placeStandings(in currency: Currency? = nil) throws(BooksError) -> [PlaceStanding] {
        let places = try store { () throws(LedgerError) in try ledger.places() }
        let (target, figures) = try figures(of: .places, in: currency)
        return places.map { PlaceStanding(place: $0, figures: figures[$0.name] ?? .empty(target)) }
    }

    /// The place called `name`.
    ///
    /// - Throws: ``BooksError`` `notFound` when there is none.
    public func place(named name: String) throws(BooksError) -> Place {
        guard let place = try store({ () throws(LedgerError) in try ledger.place(named: name) }) else {
            throw BooksError(.notFound, "there is no place \(name) (see mymoney places list)")
        }
        return place
    }

    /// Adds a place; its country is stored as its ISO 3166 code in capitals.
    ///
    /// - Parameter known: problems the caller found already; they are reported with the place's own.
    /// - Throws: ``BooksError`` `invalid` with every problem of the name, country and coordinates,
    ///   and a name another place has.
    public func addPlace(_ place: Place, problems known: FieldProblems = FieldProblems()) throws(BooksError) -> Place {
        try checkPlace(place, known)
        return try store { () throws(LedgerError) in try ledger.addPlace(place) }
    }

    /// Saves changes to a place (the problems as for ``addPlace(_:problems:)``).
    public func updatePlace(_ place: Place, problems known: FieldProblems = FieldProblems()) throws(BooksError) -> Place {
        try checkPlace(place, known)
        return try store { () throws(LedgerError) in try ledger.updatePlace(place) }
    }

    private func checkPlace(_ place: Place, _ known: FieldProblems) throws(BooksError) {
        var problems = known
        problems.add(LedgerValidation.problems(in: place))
        if let other = try store({ () throws(LedgerError) in try ledger.place(named: place.name) }), other.id != place.id {
            problems.add("name", "a place named \(other.name) already exists")
        }
        try problems.throwIfAny()
    }

    @discardableResult
    public func removePlace(named name: String) throws(BooksError) -> Place {
        let place = try place(named: name)
        try store { () throws(LedgerError) in try ledger.deletePlace(id: place.id ?? -1) }
        return place
    }
}
