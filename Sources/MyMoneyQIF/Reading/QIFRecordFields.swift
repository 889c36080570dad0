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

    /// The single-line fields, valid where their bit in `present` is set: clearing a record is then
    /// one store instead of rewriting every optional line.
    private struct Lines {
        var first = QIFLine.none
        var date = QIFLine.none
        var amountT = QIFLine.none
        var amountU = QIFLine.none
        var payee = QIFLine.none
        var memo = QIFLine.none
        var number = QIFLine.none
        var category = QIFLine.none
        var cleared = QIFLine.none
        var security = QIFLine.none
        var price = QIFLine.none
        var quantity = QIFLine.none
        var commission = QIFLine.none
        var transferAmount = QIFLine.none
    }
    private var lines = Lines()
    private var present: UInt16 = 0

    var first: QIFLine? {
        get { present & 1 != 0 ? lines.first : nil }
        set { if let newValue { lines.first = newValue; present |= 1 } else { present &= ~1 } }
    }
    var date: QIFLine? {
        get { present & 2 != 0 ? lines.date : nil }
        set { if let newValue { lines.date = newValue; present |= 2 } else { present &= ~2 } }
    }
    var amountT: QIFLine? {
        get { present & 4 != 0 ? lines.amountT : nil }
        set { if let newValue { lines.amountT = newValue; present |= 4 } else { present &= ~4 } }
    }
    var amountU: QIFLine? {
        get { present & 8 != 0 ? lines.amountU : nil }
        set { if let newValue { lines.amountU = newValue; present |= 8 } else { present &= ~8 } }
    }
    var payee: QIFLine? {
        get { present & 16 != 0 ? lines.payee : nil }
        set { if let newValue { lines.payee = newValue; present |= 16 } else { present &= ~16 } }
    }
    var memo: QIFLine? {
        get { present & 32 != 0 ? lines.memo : nil }
        set { if let newValue { lines.memo = newValue; present |= 32 } else { present &= ~32 } }
    }
    var number: QIFLine? {
        get { present & 64 != 0 ? lines.number : nil }
        set { if let newValue { lines.number = newValue; present |= 64 } else { present &= ~64 } }
    }
    var category: QIFLine? {
        get { present & 128 != 0 ? lines.category : nil }
        set { if let newValue { lines.category = newValue; present |= 128 } else { present &= ~128 } }
    }
    var cleared: QIFLine? {
        get { present & 256 != 0 ? lines.cleared : nil }
        set { if let newValue { lines.cleared = newValue; present |= 256 } else { present &= ~256 } }
    }
    var security: QIFLine? {
        get { present & 512 != 0 ? lines.security : nil }
        set { if let newValue { lines.security = newValue; present |= 512 } else { present &= ~512 } }
    }
    var price: QIFLine? {
        get { present & 1024 != 0 ? lines.price : nil }
        set { if let newValue { lines.price = newValue; present |= 1024 } else { present &= ~1024 } }
    }
    var quantity: QIFLine? {
        get { present & 2048 != 0 ? lines.quantity : nil }
        set { if let newValue { lines.quantity = newValue; present |= 2048 } else { present &= ~2048 } }
    }
    var commission: QIFLine? {
        get { present & 4096 != 0 ? lines.commission : nil }
        set { if let newValue { lines.commission = newValue; present |= 4096 } else { present &= ~4096 } }
    }
    var transferAmount: QIFLine? {
        get { present & 8192 != 0 ? lines.transferAmount : nil }
        set { if let newValue { lines.transferAmount = newValue; present |= 8192 } else { present &= ~8192 } }
    }
    /// `Y` security, `I` price, `Q` quantity, `O` commission and `$` amount transferred are the
    /// investment fields above; `A` address lines are kept in order.
    var address: [QIFLine] = []
    var splits: [Split] = []
    /// Lines of list records and codes with no slot above, in order.
    var other: [QIFLine] = []

    var isEmpty: Bool { present & 1 == 0 }

    mutating func reset() {
        present = 0
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
