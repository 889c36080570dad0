import Foundation
@_spi(Speed) import MyMoneyCore

extension QIFParser {
    /// The lines of the current list record as (code, value) pairs.
    func listFields() -> [(code: UInt8, value: String, line: QIFLine)] {
        record.other.map { (content.byte(at: $0.start), string($0), $0) }
    }

    /// An `!Account` record: declares an account, and outside AutoSwitch makes it the current one.
    mutating func finishAccount() {
        guard let first = record.first else { return }
        var name: String?
        var account = QIFAccount(name: "", isListEntry: autoSwitch, position: position(first))
        var balanceLine: QIFLine?
        var dayLine: QIFLine?
        for (code, value, line) in listFields() {
            switch code {
            case 0x4E: name = value.trimmingBlanks()
            case 0x54: account.type = value.isEmpty ? nil : value
            case 0x44: account.description = value.isEmpty ? nil : value
            case 0x4C: account.creditLimit = value.isEmpty ? nil : value
            case 0x24: balanceLine = line
            case 0x2F: dayLine = line
            default: break
            }
        }
        guard let name, !name.isEmpty else {
            diagnostics.append(.warning("qif.account.name", "an !Account record has no N (name) line; it is ignored",
                                        file: file, at: position(first)))
            return
        }
        account.name = name
        if let balanceLine, balanceLine.start + 1 < balanceLine.end { account.statementBalance = readAmount(balanceLine) }
        if let dayLine, dayLine.start + 1 < dayLine.end { account.statementBalanceDay = readDay(dayLine) }
        accounts.append(account)
        lastAccountName = name
        let index = slot(named: name)
        if let type = account.type { slots[index].declaredType = type }
        if let description = account.description, !slots[index].extra.contains(where: { $0.key == "qif.account.description" }) {
            slots[index].extra.append(StatementField("qif.account.description", description))
        }
        if let limit = account.creditLimit { slots[index].extra.append(StatementField("qif.account.creditLimit", limit)) }
        if let balance = account.statementBalance {
            slots[index].statementBalance = StatementBalance(kind: .ledger, amount: balance, day: account.statementBalanceDay,
                                                             currency: options.currency, position: position(balanceLine ?? first))
        }
        if !autoSwitch { currentSlot = index }
    }

    /// A `!Type:Cat` record.
    mutating func finishCategory() {
        guard let first = record.first else { return }
        var category = QIFCategory(name: "", position: position(first))
        var kind: Bool?
        for (code, value, _) in listFields() {
            switch code {
            case 0x4E: category.name = value
            case 0x44: category.description = value.isEmpty ? nil : value
            case 0x54: category.isTaxRelated = value.lowercased() != "false"
            case 0x49: kind = true
            case 0x45: kind = false
            case 0x42: category.budget = value.isEmpty ? nil : value
            case 0x52: category.taxSchedule = value.isEmpty ? nil : value
            default: break
            }
        }
        guard !category.name.isEmpty else { return }
        // Neither I nor E: the parent's kind, else expense.
        if let kind {
            category.isIncome = kind
        } else if let colon = category.name.lastIndex(of: ":"),
                  let parent = categories.last(where: { $0.name == String(category.name[..<colon]) }) {
            category.isIncome = parent.isIncome
        }
        categories.append(category)
    }

    /// A `!Type:Class` record.
    mutating func finishClass() {
        guard let first = record.first else { return }
        var entry = QIFClass(name: "", position: position(first))
        for (code, value, _) in listFields() {
            switch code {
            case 0x4E: entry.name = value
            case 0x44: entry.description = value.isEmpty ? nil : value
            default: break
            }
        }
        if !entry.name.isEmpty { classes.append(entry) }
    }

    /// A `!Type:Security` record.
    mutating func finishSecurity() {
        guard let first = record.first else { return }
        var security = QIFSecurity(name: "", position: position(first))
        var sawName = false
        for (code, value, _) in listFields() {
            switch code {
            case 0x4E: security.name = value; sawName = true
            case 0x53: security.symbol = value.isEmpty ? nil : value
            case 0x54: security.type = value.isEmpty ? nil : value
            case 0x47: security.goal = value.isEmpty ? nil : value
            default: break
            }
        }
        if sawName || security.symbol != nil { securities.append(security) }
    }
}
