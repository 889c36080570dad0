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

    public func addPlace(_ place: Place) throws(BooksError) -> Place {
        try store { () throws(LedgerError) in try ledger.addPlace(place) }
    }

    public func updatePlace(_ place: Place) throws(BooksError) -> Place {
        try store { () throws(LedgerError) in try ledger.updatePlace(place) }
    }

    @discardableResult
    public func removePlace(named name: String) throws(BooksError) -> Place {
        let place = try place(named: name)
        try store { () throws(LedgerError) in try ledger.deletePlace(id: place.id ?? -1) }
        return place
    }
}
