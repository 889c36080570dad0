/// Every check of one entity at once: what an add or edit form reports, all problems together.
///
/// The store's own writes throw the first of these; the Kit reports them all (see
/// ``FieldProblems``).
extension LedgerValidation {
    /// Runs one check; its error, if any, becomes a problem of its field.
    package static func check<T>(_ problems: inout FieldProblems, _ body: () throws(LedgerError) -> T) -> T? {
        do { return try body() } catch {
            problems.add(error.field ?? "value", error.message)
            return nil
        }
    }

    /// The first problem as the store throws it.
    static func first(of problems: FieldProblems) -> LedgerError? {
        problems.problems.first.map { LedgerError(.invalid, $0.message, field: $0.field) }
    }

    /// A place's name, country (ISO 3166-1 alpha-2), latitude and longitude.
    package static func problems(in place: Place) -> FieldProblems {
        var problems = FieldProblems()
        _ = check(&problems) { () throws(LedgerError) in try title(place.name, field: "name") }
        if let text = blankToNil(place.country), CountryCode(text) == nil {
            problems.add("country", "country \"\(text)\" should be a two-letter ISO 3166 code (DE, FR, US, …)")
        }
        let latitude = check(&problems) { () throws(LedgerError) in try coordinate(place.latitude, field: "latitude", limit: 90) }
        let longitude = check(&problems) { () throws(LedgerError) in try coordinate(place.longitude, field: "longitude", limit: 180) }
        if let latitude, let longitude, (latitude == nil) != (longitude == nil) {
            problems.add(latitude == nil ? "latitude" : "longitude", "latitude and longitude should be given together")
        }
        return problems
    }

    /// A project's title and dates.
    package static func problems(in project: Project) -> FieldProblems {
        var problems = FieldProblems()
        _ = check(&problems) { () throws(LedgerError) in try title(project.title) }
        _ = check(&problems) { () throws(LedgerError) in try dayRange(start: project.startDay, end: project.endDay) }
        return problems
    }

    /// A tag's title and color.
    package static func problems(in tag: LedgerTag) -> FieldProblems {
        var problems = FieldProblems()
        _ = check(&problems) { () throws(LedgerError) in try title(tag.title) }
        if let color = blankToNil(tag.color) { _ = check(&problems) { () throws(LedgerError) in try self.color(color) } }
        return problems
    }

    /// An account's name.
    package static func problems(in account: Account) -> FieldProblems {
        var problems = FieldProblems()
        _ = check(&problems) { () throws(LedgerError) in try title(account.name, field: "account name") }
        return problems
    }
}
