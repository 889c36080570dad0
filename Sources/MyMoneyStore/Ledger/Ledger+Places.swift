import Foundation

/// Places: a name unique in the ledger, an optional address, city, country and exact coordinates.
extension Ledger {
    /// Stores a new place.
    ///
    /// - Throws: `.invalid` "name should not be blank", "latitude should be a decimal number between -90 and 90";
    ///   `.duplicate`.
    @discardableResult
    package func addPlace(_ place: Place) throws(LedgerError) -> Place {
        let place = try Ledger.validated(place)
        return try atomically { () throws(LedgerError) -> Place in
            if let other = try self.place(named: place.name) {
                throw LedgerError(.duplicate, "a place named \(other.name) already exists", field: "name")
            }
            try db.statement("""
                INSERT INTO places (name, name_key, address, city, country, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?)
                """).run(Ledger.placeValues(place))
            var stored = place
            stored.id = db.lastInsertRowID
            return stored
        }
    }

    /// Saves changes to a stored place.
    @discardableResult
    package func updatePlace(_ place: Place) throws(LedgerError) -> Place {
        guard let id = place.id else { throw .notFound("the place has no id: add it first") }
        let place = try Ledger.validated(place)
        return try atomically { () throws(LedgerError) -> Place in
            if let other = try self.place(named: place.name), other.id != id {
                throw LedgerError(.duplicate, "a place named \(other.name) already exists", field: "name")
            }
            let changed = try db.statement("""
                UPDATE places SET name = ?, name_key = ?, address = ?, city = ?, country = ?, latitude = ?, longitude = ? WHERE id = ?
                """).run(Ledger.placeValues(place) + [.integer(id)])
            guard changed == 1 else { throw .notFound("there is no place with id \(id)") }
            return place
        }
    }

    /// Removes a place; its transactions keep everything else.
    package func deletePlace(id: Int64) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            try db.statement("UPDATE transactions SET place_id = NULL WHERE place_id = ?").run([.integer(id)])
            guard try db.statement("DELETE FROM places WHERE id = ?").run([.integer(id)]) == 1 else {
                throw .notFound("there is no place with id \(id)")
            }
        }
    }

    /// Every place, by name (case-insensitive), then id.
    package func places() throws(LedgerError) -> [Place] {
        try db.statement("SELECT id, name, address, city, country, latitude, longitude FROM places ORDER BY name_key, id")
            .rows { Ledger.readPlace($0) }
    }

    /// The place with this name (case-insensitive), or nil.
    package func place(named name: String) throws(LedgerError) -> Place? {
        try db.statement("SELECT id, name, address, city, country, latitude, longitude FROM places WHERE name_key = ?")
            .rows([.text(LedgerValidation.key(name))]) { Ledger.readPlace($0) }.first
    }

    func ensurePlace(_ name: String) throws(LedgerError) -> Int64 {
        if let id = try place(named: name)?.id { return id }
        return try addPlace(Place(name: name)).id ?? 0
    }

    /// The place as stored: names trimmed, the country code upper-cased, blanks as nil.
    ///
    /// - Throws: the first of ``LedgerValidation/problems(in:)``.
    private static func validated(_ place: Place) throws(LedgerError) -> Place {
        if let problem = LedgerValidation.first(of: LedgerValidation.problems(in: place)) { throw problem }
        var place = place
        place.name = try LedgerValidation.title(place.name, field: "name")
        place.address = blankToNil(place.address)
        place.city = blankToNil(place.city)
        place.country = blankToNil(place.country).flatMap { CountryCode($0)?.code }
        place.latitude = try LedgerValidation.coordinate(place.latitude, field: "latitude", limit: 90)
        place.longitude = try LedgerValidation.coordinate(place.longitude, field: "longitude", limit: 180)
        return place
    }

    private static func placeValues(_ place: Place) -> [SQLValue] {
        [.text(place.name), .text(LedgerValidation.key(place.name)), .of(place.address), .of(place.city),
         .of(place.country), .of(place.latitude), .of(place.longitude)]
    }

    static func readPlace(_ row: PreparedStatement) -> Place {
        Place(id: row.int64(0), name: row.text(1), address: row.optionalText(2), city: row.optionalText(3),
              country: row.optionalText(4), latitude: row.optionalText(5), longitude: row.optionalText(6))
    }
}
