import MyMoneyStore

/// `mymoney places list|add|edit|remove`.
struct PlacesCommand: Command {
    let name = "places"
    let summary = "list places with figures; add, edit and remove them"
    let help = """
    usage: mymoney places [list] [--format table|json]
           mymoney places add NAME [--address TEXT] [--city CITY] [--country CODE] [--latitude D] [--longitude D]
           mymoney places edit NAME [--name NEW] [--address TEXT] [--city CITY] [--country CODE] [--latitude D] [--longitude D]
           mymoney places remove NAME

    options:
      --ledger PATH   the ledger file

    example:
      mymoney places add Berlin --city Berlin --country DE --latitude 52.52 --longitude 13.405
    """
    let options: Set<String> = ["--ledger", "--format", "--name", "--address", "--city", "--country", "--latitude", "--longitude"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        if verb == "list" { return try list(arguments, context) }
        guard ["add", "edit", "remove"].contains(verb) else { throw .usage("unknown action \"\(verb)\" (list, add, edit, remove)") }
        guard let name = arguments.positionals.dropFirst().first else { throw .usage("name the place") }
        guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
        switch verb {
        case "add":
            let place = try ledgerCall { () throws(LedgerError) in
                try ledger.addPlace(Place(name: name, address: arguments.value("--address"), city: arguments.value("--city"),
                                          country: arguments.value("--country"), latitude: arguments.value("--latitude"),
                                          longitude: arguments.value("--longitude")))
            }
            context.terminal.print("added place \(place.name)")
        case "edit":
            var place = try find(name, ledger)
            if let v = arguments.value("--name") { place.name = v }
            if let v = arguments.value("--address") { place.address = v }
            if let v = arguments.value("--city") { place.city = v }
            if let v = arguments.value("--country") { place.country = v }
            if let v = arguments.value("--latitude") { place.latitude = v }
            if let v = arguments.value("--longitude") { place.longitude = v }
            let updated = try ledgerCall { () throws(LedgerError) in try ledger.updatePlace(place) }
            context.terminal.print("updated place \(updated.name)")
        default:
            let place = try find(name, ledger)
            try ledgerCall { () throws(LedgerError) in try ledger.deletePlace(id: place.id ?? -1) }
            context.terminal.print("removed place \(place.name)")
        }
        return .success
    }

    func find(_ name: String, _ ledger: Ledger) throws(CommandFailure) -> Place {
        guard let place = try ledgerCall({ () throws(LedgerError) in try ledger.place(named: name) }) else {
            throw .data("there is no place \(name) (see mymoney places list)")
        }
        return place
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let ledger = try context.ledgerForListing(arguments, format: format, key: "places") else { return .success }
        let places = try ledgerCall { () throws(LedgerError) in try ledger.places() }
        let summaries = try ledgerCall { () throws(LedgerError) in try ledger.summaries(of: .places) }
        let byId = Dictionary(summaries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if format == .json {
            context.terminal.print(JSONValue.object([("places", .array(places.map { p in
                .object([("name", .string(p.name)), ("address", .optional(p.address)), ("city", .optional(p.city)),
                         ("country", .optional(p.country)), ("latitude", .optional(p.latitude)), ("longitude", .optional(p.longitude)),
                         ("figures", figuresJSON(p.id.flatMap { byId[$0] }))])
            }))]).serialized())
            return .success
        }
        if places.isEmpty {
            context.terminal.print("no places yet: add one with 'mymoney places add NAME --city CITY', or let rules set them on import")
            return .success
        }
        var table = TextTable(["place", "city", "country", "income", "expense", "cashflow", "count"],
                              alignments: [.left, .left, .left, .right, .right, .right, .right])
        for p in places {
            for (i, row) in figureColumns(p.id.flatMap { byId[$0] }).enumerated() {
                table.add((i == 0 ? [p.name, p.city ?? "", p.country ?? ""] : ["", "", ""]) + row)
            }
        }
        context.terminal.print(table.render())
        return .success
    }
}
