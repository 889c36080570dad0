import MyMoneyKit

/// `mymoney places list|add|edit|remove`.
struct PlacesCommand: Command {
    let name = "places"
    let summary = "list places with figures; add, edit and remove them"
    let usage = [
        "mymoney places [list] [--format table|json]",
        "mymoney places add NAME [--address TEXT] [--city CITY] [--country CODE] [--latitude D] [--longitude D]",
        "mymoney places edit NAME [--name NEW] [--address TEXT] [--city CITY] [--country CODE] [--latitude D] [--longitude D]",
        "mymoney places remove NAME",
    ]
    let discussion = ""
    let epilogue = """
    example:
      mymoney places add Berlin --city Berlin --country DE --latitude 52.52 --longitude 13.405
    """
    let actions = ["list", "add", "edit", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--name", .one("NEW"), "a new name (edit)"),
        Option("--address", .one("TEXT"), "the street address"),
        Option("--city", .one("CITY"), "the city"),
        Option("--country", .one("CODE"), "the country, as its ISO 3166 code of two letters (DE, FR, US)"),
        Option("--latitude", .one("D"), "decimal degrees, -90 to 90"),
        Option("--longitude", .one("D"), "decimal degrees, -180 to 180"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        if verb == "list" { return try list(arguments, context) }
        guard ["add", "edit", "remove"].contains(verb) else { throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, edit, remove)") }
        let name = try arguments.subject("name the place")
        let format = try OutputFormat.from(arguments)
        let books = try context.openBooks(arguments)
        func json(_ action: String, _ p: Place) -> JSONValue { EntityJSON.action(action, "place", .object(EntityJSON.place(p))) }
        switch verb {
        case "add":
            let place = try books.addPlace(Place(name: name, address: arguments.value("--address"), city: arguments.value("--city"),
                                                 country: arguments.value("--country"), latitude: arguments.value("--latitude"),
                                                 longitude: arguments.value("--longitude")))
            context.printChange(format, "added place \(place.name)", json: json("added", place))
        case "edit":
            var place = try books.place(named: name)
            if let v = arguments.value("--name") { place.name = v }
            if let v = arguments.value("--address") { place.address = v }
            if let v = arguments.value("--city") { place.city = v }
            if let v = arguments.value("--country") { place.country = v }
            if let v = arguments.value("--latitude") { place.latitude = v }
            if let v = arguments.value("--longitude") { place.longitude = v }
            let updated = try books.updatePlace(place)
            context.printChange(format, "updated place \(updated.name)", json: json("updated", updated))
        default:
            let place = try books.removePlace(named: name)
            context.printChange(format, "removed place \(place.name)", json: json("removed", place))
        }
        return .success
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let books = try context.booksForListing(arguments, format: format, key: "places") else { return .success }
        let places = try books.placeStandings(in: try context.reportingCurrency(books))
        if format == .json {
            context.terminal.print(JSONValue.object([("places", .array(places.map { entry in
                let p = entry.place
                return .object(EntityJSON.place(p) + [("figures", figuresJSON(entry.figures))])
            }))]).serialized())
            return .success
        }
        if places.isEmpty {
            context.terminal.print("no places yet: add one with 'mymoney places add NAME --city CITY', or let rules set them on import")
            return .success
        }
        var table = TextTable(["place", "city", "country", "income", "expense", "cashflow", "count"],
                              alignments: [.left, .left, .left, .right, .right, .right, .right])
        for entry in places {
            let p = entry.place
            for (i, row) in figureColumns(entry.figures).enumerated() {
                table.add((i == 0 ? [p.name, p.city ?? "", p.country ?? ""] : ["", "", ""]) + row)
            }
        }
        context.terminal.print(table.render())
        if let note = unconvertedNote(places.map(\.figures)) { context.terminal.print(note) }
        return .success
    }
}
