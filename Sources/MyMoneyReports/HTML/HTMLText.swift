/// Text made safe for HTML: `&`, `<`, `>`, `"` and `'` as entities, control characters dropped.
///
/// Used for every piece of text that comes from the books (payees, names, notes), in element
/// content and in attribute values alike.
public enum HTMLText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" { continue }
                if (0x7F...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` when it is a `#RRGGBB` color, else nil (a color goes into a style attribute).
    public static func color(_ text: String?) -> String? {
        guard let text, text.utf8.count == 7, text.first == "#",
              text.dropFirst().unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        return text
    }

    /// A symbol for a category icon name the user gave (`cart` → 🛒); the name itself when unknown.
    public static func icon(_ name: String) -> String {
        let known: [String: String] = [
            "cart": "🛒", "food": "🍽", "house": "🏠", "home": "🏠", "car": "🚗", "bus": "🚌", "train": "🚆",
            "coffee": "☕", "gift": "🎁", "heart": "❤", "bolt": "⚡", "phone": "📱", "film": "🎬", "book": "📚",
            "plane": "✈", "money": "💶", "bag": "👜", "health": "💊", "star": "★",
        ]
        return known[name.lowercased()] ?? name
    }
}
