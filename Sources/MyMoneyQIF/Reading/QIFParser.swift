@_spi(Speed) import MyMoneyCore
/// The second pass over a file: headers switch sections, lines collect into records, and each
/// record becomes a transaction, a balance, an account or a list entry.
///
/// Reads the decoded text through ``QIFText`` (lines and values, never pointers); strings are
/// made only for values that are kept. Not `Sendable`: its text is valid only during the read.
struct QIFParser {
    enum Section: Equatable {
        case none
        case register(QIFRegisterType)
        case account
        case categories
        case classes
        case securities
        /// Memorized transactions, skipped lists, unknown headers.
        case skipped
    }

    /// One account's statement under construction.
    struct Slot {
        var name: String?
        var nameFromOpeningBalance = false
        /// The `T` of its latest `!Account` record.
        var declaredType: String?
        /// The header of its first register block.
        var registerType: QIFRegisterType?
        var registerWord: String?
        /// Filled in place: each transaction is set up in its slot of the array.
        var transactions = InPlaceArrayBuilder(blank: StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero))
        /// The sum of `transactions` (nil after an overflow) and their latest day, kept while reading.
        var total: Amount? = .zero
        var latestDay: Day?
        var opening: StatementBalance?
        var statementBalance: StatementBalance?
        var extra: [StatementField] = []
    }

    /// The file's text (lines and their values).
    let content: QIFText
    let file: String
    let options: ReadOptions
    /// The file's day/month order; nil when the file could not decide (dates are then not read).
    let dayOrder: DayOrder?
    let decimalMark: UInt8

    var diagnostics: [Diagnostic] = []
    var categories: [QIFCategory] = []
    var classes: [QIFClass] = []
    var securities: [QIFSecurity] = []
    var accounts: [QIFAccount] = []
    var slots: [Slot] = []
    var slotByName: [String: Int] = [:]
    var unnamedSlotByType: [QIFRegisterType: Int] = [:]

    var section = Section.none {
        didSet {
            if case .register(let type) = section {
                inRegister = true
                inInvestmentRegister = type == .investment
            } else {
                inRegister = false
            }
        }
    }
    /// `section` is a register (cached for the per-line hot path), and an investment one.
    var inRegister = false
    var inInvestmentRegister = false
    var autoSwitch = false
    /// The account chosen by the last `!Account` record outside AutoSwitch.
    var currentSlot: Int?
    /// The last account name seen in any `!Account` record.
    var lastAccountName: String?
    /// The slot receiving the current register block's records (nil: unnamed, made on first record).
    var blockSlot: Int?
    /// The type word of the current register header, as written.
    var blockWord = ""
    var recordsInBlock = 0
    var record = QIFRecordFields()
    var notedCodes: Set<UInt8> = []
    /// Days of `D` texts read so far (texts of up to 16 bytes, read without a diagnostic: one
    /// file has one day/month order, so a hit is exactly what reading the text again gives).
    let dayCache = SmallKeyCache<Day>(slots: 1024, longest: 16)
    /// `L` and `S` values taken apart so far (their parts depend on nothing but their bytes).
    let categoryCache = SmallKeyCache<QIFCategoryField>(slots: 512, longest: 64)
    /// The `extra` of a transaction whose only extra field is its cleared status, shared.
    let clearedExtras = (cleared: [StatementField("qif.cleared", "cleared")],
                         reconciled: [StatementField("qif.cleared", "reconciled")],
                         budgeted: [StatementField("qif.cleared", "budgeted")])
    /// Shared payee, category and memo strings, sized for the file (a small file needs few).
    /// Memos are a stream of their own: when they never repeat, only their lookups are bypassed.
    let strings: StringInterner
    static let payeeStream = 0, categoryStream = QIFCategoryField.internerStream, memoStream = 2
    /// `D` lines per register block (from the first pass) and the current block's index.
    var blockDateCounts: [Int] = []
    /// When set, the transactions of the first statement (slot 0) go here as they are read
    /// instead of into their slot (see ``QIFReader/read(_:file:options:firstStatement:)``).
    var firstStatementSink: ((StatementTransaction) -> Void)?
    var blockIndex = -1
    var warnedOutsideSection = false

    init(content: QIFText, file: String, options: ReadOptions, dayOrder: DayOrder?, decimalMark: UInt8) {
        self.content = content
        self.file = file
        self.options = options
        self.dayOrder = dayOrder
        self.decimalMark = decimalMark
        self.strings = StringInterner(slots: StringInterner.slots(forTextOf: content.count))
    }

    // MARK: Lines

    mutating func run() {
        var lines = content.lines()
        while var line = lines.next() {
            if line.isEmpty { continue }
            var code = content.byte(at: line.start)
            switch code {
            case 0x21: // !
                flushRecord()
                header(line)
            case 0x5E: // ^
                flushRecord()
            case 0x23: // # comment (not Quicken's, but seen in the wild)
                continue
            default:
                if code == 0xC2, content.startsWithPound(line) { // £ as split amount
                    code = 0x24
                    line.start += 1
                }
                field(code, line)
            }
        }
        flushRecord()
    }

    @inline(__always)
    mutating func field(_ code: UInt8, _ line: QIFLine) {
        // The common case first, without matching the section's payload.
        if inRegister {
            record.addRegisterLine(code, line, investment: inInvestmentRegister)
            return
        }
        switch section {
        case .register(let type):
            record.addRegisterLine(code, line, investment: type == .investment)
        case .account, .categories, .classes, .securities:
            record.addListLine(line)
        case .skipped:
            break
        case .none:
            if !warnedOutsideSection {
                warnedOutsideSection = true
                diagnostics.append(.warning("qif.field.outside-section",
                    "a field line before any !Type or !Account header; skipped up to the next header",
                    file: file, at: position(line)))
            }
        }
    }

    // MARK: Headers

    mutating func header(_ line: QIFLine) {
        switch QIFHeader(text: content.string(line)) {
        case .register(let type, let written, let known):
            if !known {
                diagnostics.append(.warning("qif.header.unknown-type",
                    "unknown register type \"\(written)\"; its records are read as a bank register",
                    file: file, at: position(line),
                    notes: ["known types: Bank, Cash, CCard, Oth A, Oth L, Invst"]))
            }
            section = .register(type)
            blockWord = written
            recordsInBlock = 0
            blockIndex += 1
            if autoSwitch, let name = lastAccountName {
                blockSlot = slot(named: name)
            } else {
                blockSlot = currentSlot
            }
            if let index = blockSlot, slots[index].registerType == nil {
                slots[index].registerType = type
                slots[index].registerWord = written
            }
        case .account:
            section = .account
        case .categories:
            section = .categories
        case .classes:
            section = .classes
        case .securities:
            section = .securities
        case .memorized:
            section = .skipped
            diagnostics.append(Diagnostic(.note, code: "qif.memorized",
                "memorized transactions are templates, not statement data; skipped",
                file: file, position: position(line)))
        case .skippedList(let name):
            section = .skipped
            diagnostics.append(Diagnostic(.note, code: "qif.list.skipped",
                "the !Type:\(name) list is not statement data; skipped", file: file, position: position(line)))
        case .autoSwitchOn:
            autoSwitch = true
        case .autoSwitchOff:
            autoSwitch = false
        case .option(let written):
            if written.lowercased() != "option:allxfr" {
                diagnostics.append(Diagnostic(.note, code: "qif.option",
                    "ignored the option \"!\(written)\"", file: file, position: position(line)))
            }
        case .unknown(let written):
            section = .skipped
            diagnostics.append(.warning("qif.header.unknown",
                "unknown header \"!\(written)\"; its records are skipped",
                file: file, at: position(line),
                notes: ["expected !Type:Bank, !Type:Cash, !Type:CCard, !Type:Oth A, !Type:Oth L, !Type:Invst, !Account, !Type:Cat, !Type:Class, !Option:AutoSwitch or !Clear:AutoSwitch"]))
        }
    }

    // MARK: Records

    mutating func flushRecord() {
        guard !record.isEmpty else { return }
        switch section {
        case .register(let type): finishTransaction(type)
        case .account: finishAccount()
        case .categories: finishCategory()
        case .classes: finishClass()
        case .securities: finishSecurity()
        case .skipped, .none: break
        }
        record.reset()
    }

    /// The statement slot for an account name, made on first use.
    mutating func slot(named name: String) -> Int {
        if let index = slotByName[name] { return index }
        slots.append(Slot(name: name))
        slotByName[name] = slots.count - 1
        return slots.count - 1
    }

    /// The slot of the current register block, making an unnamed one (one per register type) if needed.
    mutating func currentBlockSlot(_ type: QIFRegisterType) -> Int {
        if let blockSlot { return blockSlot }
        if let index = unnamedSlotByType[type] { blockSlot = index; return index }
        slots.append(Slot(registerType: type, registerWord: blockWord))
        unnamedSlotByType[type] = slots.count - 1
        blockSlot = slots.count - 1
        return slots.count - 1
    }

    // MARK: Values

    /// The value of a field line as a string.
    @inline(__always)
    func string(_ line: QIFLine) -> String { content.string(line) }

    /// The value, or nil when empty.
    @inline(__always)
    func text(_ line: QIFLine?) -> String? { content.text(line) }

    /// The value, or nil when empty, shared with earlier equal values (payees).
    @inline(__always)
    func sharedText(_ line: QIFLine?) -> String? { content.sharedText(line, strings, stream: QIFParser.payeeStream) }

    /// A memo, shared with earlier equal memos (memos repeat less than payees: when they do not
    /// repeat at all their lookups are bypassed, not the payees').
    @inline(__always)
    func sharedMemo(_ line: QIFLine?) -> String? { content.sharedText(line, strings, stream: QIFParser.memoStream) }

    func position(_ line: QIFLine, column: Int = 1) -> SourcePosition {
        let offset = line.start + column - 1
        return SourcePosition(offset: offset, line: line.number, column: offset - line.lineStart + 1)
    }

    /// The position of a line's value (the byte after the code).
    func valuePosition(_ line: QIFLine) -> SourcePosition { position(line, column: 2) }
}
