import MyMoneyKit

/// The JSON shapes of the ledger's entries, shared by their listings and by what an add, edit or
/// remove prints with `--format json`: `{"action":"added","tag":{…}}`.
enum EntityJSON {
    /// What a change printed: the action (`added`, `updated`, `removed`, `archived`,
    /// `unchanged`) and the entry, under its kind.
    static func action(_ action: String, _ key: String, _ value: JSONValue) -> JSONValue {
        .object([("action", .string(action)), (key, value)])
    }

    static func account(_ a: Account) -> [(String, JSONValue)] {
        [("name", .string(a.name)), ("kind", .string(a.kind.rawValue)), ("currency", .string(a.currency.code)),
         ("numbers", .array(a.numbers.map(JSONValue.string))),
         ("opening_balance", .string(a.openingBalance.atMinorUnits(of: a.currency).description)),
         ("reconciled_through", .optional(a.reconciledThrough?.description))]
    }

    static func category(_ c: LedgerCategory) -> [(String, JSONValue)] {
        [("path", .string(c.path.description)), ("name", .string(c.name)), ("depth", .int(c.depth)), ("icon", .optional(c.icon))]
    }

    static func tag(_ t: LedgerTag) -> [(String, JSONValue)] {
        [("title", .string(t.title)), ("color", .optional(t.color))]
    }

    static func project(_ p: Project, today: Day) -> [(String, JSONValue)] {
        [("title", .string(p.title)), ("start", .optional(p.startDay?.description)), ("end", .optional(p.endDay?.description)),
         ("archived", .bool(p.isArchived(on: today)))]
    }

    static func place(_ p: Place) -> [(String, JSONValue)] {
        [("name", .string(p.name)), ("address", .optional(p.address)), ("city", .optional(p.city)),
         ("country", .optional(p.country)), ("latitude", .optional(p.latitude)), ("longitude", .optional(p.longitude))]
    }
}

extension CommandContext {
    /// Prints what a change did: the JSON document for `--format json`, else `line`.
    func printChange(_ format: OutputFormat, _ line: String, json: @autoclosure () -> JSONValue) {
        terminal.print(format == .json ? json().serialized() : line)
    }
}
