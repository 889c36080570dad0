/// The lines of one record (up to its `^`), kept as line spans until the record is complete.
///
/// Outside splits a repeated code replaces the earlier line (the last one wins); `A` address
/// lines and unknown codes are all kept. `E`, `$` and `%` after an `S` belong to that split.
struct QIFRecordFields {
    struct Split {
        var category: QIFLine?
        var memo: QIFLine?
        var amount: QIFLine?
        var percent: QIFLine?
    }

    var first: QIFLine?
    var date: QIFLine?
    var amountT: QIFLine?
    var amountU: QIFLine?
    var payee: QIFLine?
    var memo: QIFLine?
    var number: QIFLine?
    var category: QIFLine?
    var cleared: QIFLine?
    var address: [QIFLine] = []
    var splits: [Split] = []
    /// Investment fields: `Y` security, `I` price, `Q` quantity, `O` commission, `$` amount transferred.
    var security: QIFLine?
    var price: QIFLine?
    var quantity: QIFLine?
    var commission: QIFLine?
    var transferAmount: QIFLine?
    /// Lines of list records and codes with no slot above, in order.
    var other: [QIFLine] = []

    var isEmpty: Bool { first == nil }

    mutating func reset() {
        first = nil; date = nil; amountT = nil; amountU = nil; payee = nil; memo = nil; number = nil
        category = nil; cleared = nil; security = nil; price = nil; quantity = nil; commission = nil
        transferAmount = nil
        if !address.isEmpty { address.removeAll(keepingCapacity: true) }
        if !splits.isEmpty { splits.removeAll(keepingCapacity: true) }
        if !other.isEmpty { other.removeAll(keepingCapacity: true) }
    }

    /// Files a line of an account register record.
    @inline(__always)
    mutating func addRegisterLine(_ code: UInt8, _ line: QIFLine, investment: Bool) {
        if first == nil { first = line }
        switch code {
        case 0x44: if splits.isEmpty { date = line } // a D inside splits is a per-split date: ignored
        case 0x54: amountT = line
        case 0x55: amountU = line
        case 0x50: payee = line
        case 0x4D: memo = line
        case 0x4E: number = line
        case 0x4C: category = line
        case 0x43: cleared = line
        case 0x41: address.append(line)
        case 0x53 where !investment: splits.append(Split(category: line))
        case 0x45 where !investment:
            if splits.isEmpty || splits[splits.count - 1].memo != nil { splits.append(Split()) }
            splits[splits.count - 1].memo = line
        case 0x24 where !investment: // $ (a UK £ arrives here as $)
            if splits.isEmpty || splits[splits.count - 1].amount != nil { splits.append(Split()) }
            splits[splits.count - 1].amount = line
        case 0x25 where !investment:
            if splits.isEmpty || splits[splits.count - 1].percent != nil { splits.append(Split()) }
            splits[splits.count - 1].percent = line
        case 0x59 where investment: security = line
        case 0x49 where investment: price = line
        case 0x51 where investment: quantity = line
        case 0x4F where investment: commission = line
        case 0x24 where investment: transferAmount = line
        default: other.append(line)
        }
    }

    /// Files a line of a list or account record.
    mutating func addListLine(_ line: QIFLine) {
        if first == nil { first = line }
        other.append(line)
    }
}
