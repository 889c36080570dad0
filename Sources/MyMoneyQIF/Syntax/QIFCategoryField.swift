/// An `L` or `S` value taken apart: `Category:Sub/Class`, `[Account]/Class`, and the investment
/// form `Category/Class|[Account]/Class`.
struct QIFCategoryField: Equatable {
    /// The category path as written (`Auto:Fuel`); nil for a transfer or an empty value.
    var category: String?
    /// The account named in brackets (`[Savings]`).
    var transferAccount: String?
    /// Classes after `/`, as written (`Business`, `Trip:Berlin`).
    var tags: [String] = []

    init(category: String? = nil, transferAccount: String? = nil, tags: [String] = []) {
        self.category = category
        self.transferAccount = transferAccount
        self.tags = tags
    }

    /// Reads a value; `--Split--` (Quicken's marker on split transactions) is no category.
    init(_ text: Substring) {
        var main = text
        var second: Substring?
        if let bar = text.firstIndex(of: "|") {
            main = text[..<bar]
            second = text[text.index(after: bar)...]
        }
        self.init()
        read(main)
        if let second {
            let other = QIFCategoryField(second)
            if transferAccount == nil { transferAccount = other.transferAccount }
            if category == nil { category = other.category }
            for tag in other.tags where !tags.contains(tag) { tags.append(tag) }
        }
    }

    private mutating func read(_ value: Substring) {
        var rest = value[...]
        if rest.first == "[", let close = rest.firstIndex(of: "]") {
            let name = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { transferAccount = name }
            rest = rest[rest.index(after: close)...]
            if rest.first == "/" { addTag(rest.dropFirst()) }
            return
        }
        if let slash = rest.firstIndex(of: "/") {
            addTag(rest[rest.index(after: slash)...])
            rest = rest[..<slash]
        }
        let name = rest.trimmingCharacters(in: .whitespaces)
        if !name.isEmpty && name != "--Split--" { category = name }
    }

    private mutating func addTag(_ text: Substring) {
        let tag = text.trimmingCharacters(in: .whitespaces)
        if !tag.isEmpty { tags.append(tag) }
    }
}

import Foundation
