import MyMoneyImport
import Foundation

/// The checks every create and edit passes, with messages naming the field in words a user can act on.
package enum LedgerValidation {
    /// A name or title with surrounding white space removed; blank is refused.
    package static func title(_ text: String, field: String = "title") throws(LedgerError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalid(field, "\(field) should not be blank") }
        guard trimmed.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw .invalid(field, "\(field) should not contain control characters")
        }
        return trimmed
    }

    /// An ISO 4217 currency from its code (any case).
    package static func currency(code: String) throws(LedgerError) -> Currency {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        guard let currency = Currency(code: trimmed) else {
            throw .invalid("currency", "currency \(trimmed.uppercased()) is unknown")
        }
        return currency
    }

    /// `#RRGGBB`, returned upper-cased.
    package static func color(_ text: String) throws(LedgerError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.utf8.dropFirst()
        guard trimmed.utf8.first == UInt8(ascii: "#"), digits.count == 6,
              digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) })
        else { throw .invalid("color", "color should look like #RRGGBB (for example #E4572E), not \"\(trimmed)\"") }
        return trimmed.uppercased()
    }

    /// A start and end day where the end, when given, is not before the start.
    package static func dayRange(start: Day?, end: Day?) throws(LedgerError) {
        if let start, let end, end < start {
            throw .invalid("end date", "end date \(end) is before start date \(start)")
        }
    }

    /// A category path no deeper than ``CategoryPath/maximumDepth``, each part non-blank without `:`.
    package static func categoryPath(_ path: CategoryPath) throws(LedgerError) -> CategoryPath {
        guard !path.components.isEmpty else { throw .invalid("category", "category should not be blank") }
        guard path.depth <= CategoryPath.maximumDepth else {
            throw .invalid("category", "categories nest at most \(CategoryPath.maximumDepth) levels deep; \(path) has \(path.depth)")
        }
        var parts: [String] = []
        for part in path.components {
            let name = try title(part, field: "category name")
            guard !name.contains(":") && !name.contains(">") && !name.contains("/") else {
                throw .invalid("category name", "a category name should not contain ':', '>' or '/' (\"\(name)\")")
            }
            parts.append(name)
        }
        return CategoryPath(parts)
    }

    /// A decimal coordinate (`52.5219`) within ±`limit` degrees, returned as written (trimmed).
    package static func coordinate(_ text: String?, field: String, limit: Int) throws(LedgerError) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        let message = "\(field) should be a decimal number between -\(limit) and \(limit), not \"\(trimmed)\""
        guard let value = try? Amount(parsing: trimmed), value.scale <= 12 else { throw .invalid(field, message) }
        guard let magnitude = try? value.magnitude(), magnitude <= Amount(units: Int64(limit)) else {
            throw .invalid(field, message)
        }
        return trimmed
    }

    /// An amount above zero.
    package static func positive(_ amount: Amount, field: String = "amount") throws(LedgerError) {
        guard amount.isPositive else { throw .invalid(field, "\(field) should be more than zero, not \(amount)") }
    }

    /// The key names are unique under: lower-cased, white space folded.
    static func key(_ name: String) -> String {
        TransactionIdentity.textKey(payee: name, memo: nil)
    }
}
