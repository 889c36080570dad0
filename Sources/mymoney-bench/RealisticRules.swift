import MyMoneyRules

/// Rules and transactions shaped the way users write and banks send them, for `mymoney-bench rules`.
///
/// 500 merchants spelled in six bank styles (`POS 1234 NAME`, `CARD 5678 NAME CITY`, `Name GmbH`,
/// `SQ *NAME`, `NAME #12345`, plain); rules written in mixed case: `contains` with `add tag`,
/// amount ranges, and about a third regexes: optional `POS nnn`/`CARD nnn` prefix groups before
/// an alternation of merchant names, plain alternations, `A.*B` and `(A|B).*(X|Y)`: of 1,000
/// rules, 350 regexes, 235 of them beginning with a group (the shape of the import measured in
/// `MEASURED.md`: 349 regexes, 210 beginning with a group).
struct RealisticRules {
    /// Which rules to generate: all of them, or one kind alone (to see what each kind costs).
    enum Kinds: String, CaseIterable {
        case all
        case contains                   // contains rules, with their tags
        case containsWithoutTags = "contains-no-tags"
        case regex                      // every regex rule
        case prefixRegex = "prefix-regex"
        case otherRegex = "other-regex"
    }

    static let adjectives = ["BLUE", "GOLDEN", "SILVER", "GREEN", "ROYAL", "NORTH", "SOUTH", "URBAN", "LUCKY", "FRESH",
                             "GRAND", "OLD TOWN", "SUNNY", "MAPLE", "CEDAR", "IRON", "CRYSTAL", "HAPPY", "WILD", "RIVERSIDE"]
    static let nouns = ["MARKET", "CAFE", "BAKERY", "GARAGE", "PHARMACY", "BOOKS", "KITCHEN", "FITNESS", "HARDWARE", "TAVERN",
                        "OUTFITTERS", "DELI", "CINEMA", "FLORIST", "GROCERS", "MOTORS", "DENTAL", "PIZZA", "TAILOR", "WINES",
                        "PET SUPPLY", "INSURANCE", "ELECTRIC", "TELECOM", "STREAMING"]
    static let cities = ["BERLIN", "HAMBURG", "MUNICH", "SEATTLE", "AUSTIN", "DENVER", "BOSTON", "PORTLAND"]
    static let categories = ["Food:Groceries", "Food:Restaurants", "Food:Coffee", "Transport:Fuel", "Health:Pharmacy",
                             "Shopping:Books", "Home:Hardware", "Leisure:Fitness", "Bills:Insurance", "Bills:Phone",
                             "Subscriptions:Streaming", "Shopping:Clothes", "Leisure:Cinema", "Gifts:Flowers"]

    /// 500 merchant names: `BLUE MARKET`, `GOLDEN CAFE`, …
    let merchants: [String]

    init() {
        var names: [String] = []
        for noun in Self.nouns { for adjective in Self.adjectives { names.append("\(adjective) \(noun)") } }
        merchants = names
    }

    /// `Blue Market` from `BLUE MARKET`.
    static func titleCased(_ name: String) -> String {
        name.split(separator: " ").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined(separator: " ")
    }

    /// How the user spells a name in a rule: as the bank does, in title case, or in lower case.
    static func spelled(_ name: String, _ k: Int) -> String {
        switch k % 3 {
        case 0: return name
        case 1: return titleCased(name)
        default: return name.lowercased()
        }
    }

    /// The rules file text: `count` rules of the kinds asked for.
    func rulesText(count: Int, kinds: Kinds, random: inout BenchmarkRandom) -> String {
        var text = "# generated: \(count) realistic rules (\(kinds.rawValue))\n"
        var written = 0
        var i = 0
        while written < count {
            let slot = i % 100
            i += 1
            let kind: Kinds
            switch slot {
            case 0..<65: kind = .contains     // 65% contains, half of them tagging, a fifth with amount ranges
            case 65..<77: kind = .prefixRegex  // 12% begin with an optional prefix group
            default: kind = .otherRegex        // 23% alternations, A.*B, (A|B).*(X|Y), (A|B) (CITY|…)
            }
            switch kinds {
            case .all: break
            case .contains, .containsWithoutTags: if kind != .contains { continue }
            case .regex: if kind == .contains { continue }
            case .prefixRegex, .otherRegex: if kind != kinds { continue }
            }
            let m = merchants[random.next(merchants.count)]
            let category = Self.categories[random.next(Self.categories.count)]
            text += "rule \"Rule \(written)\"\n"
            switch kind {
            case .contains:
                let amount = random.next(5) == 0 ? " and amount between -\(50 + random.next(200)) and -\(1 + random.next(20))" : ""
                text += "  when payee contains \"\(Self.spelled(m, written))\"\(amount)\n  set category \(category)\n"
                if kinds != .containsWithoutTags && written % 2 == 0 { text += "  add tag \(category.split(separator: ":").last!.lowercased())\n" }
            case .prefixRegex:
                let names = (0..<(2 + random.next(3))).map { _ in merchants[random.next(merchants.count)] }
                text += "  when payee matches /^(POS [0-9]+ |CARD [0-9]+ )?(\(names.joined(separator: "|")))/\n  set category \(category)\n"
            default:
                let a = merchants[random.next(merchants.count)], b = merchants[random.next(merchants.count)]
                let wa = a.split(separator: " "), wb = b.split(separator: " ")
                switch written % 4 {
                case 0: text += "  when payee matches /\(Self.spelled(a, written))|\(Self.spelled(b, written))|\(Self.spelled(m, written))/\n"
                case 1: text += "  when payee matches /\(wa[0]).*\(wb.last!)/\n"
                case 2: text += "  when payee matches /(\(wa[0])|\(wb[0])).*(\(wa.last!)|\(wb.last!))/\n"
                default: text += "  when payee matches /(\(Self.spelled(a, written))|\(Self.spelled(b, written))) (\(Self.cities.joined(separator: "|")))/ and amount < 0\n"
                }
                text += "  set category \(category)\n"
            }
            written += 1
        }
        return text
    }

    /// A payee as one of six bank styles writes it; about a quarter name no merchant at all.
    func payee(_ random: inout BenchmarkRandom) -> String {
        if random.next(4) == 0 { return "TRANSFER REF \(random.next(1_000_000)) SEPA" }
        let m = merchants[random.next(merchants.count)]
        let city = Self.cities[random.next(Self.cities.count)]
        switch random.next(6) {
        case 0: return "POS \(1000 + random.next(9000)) \(m)"
        case 1: return "CARD \(1000 + random.next(9000)) \(m) \(city)"
        case 2: return Self.titleCased(m) + " GmbH"
        case 3: return "SQ *\(m)"
        case 4: return "\(m) #\(random.next(99_999))"
        default: return "\(m) \(city)"
        }
    }
}
