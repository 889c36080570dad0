/// Groups payee spellings that name the same merchant: `WHOLE FOODS MARKET #10234` and
/// `WHOLE FOODS MARKET #998` share the key `WHOLE FOODS MARKET`.
public enum PayeeKey {
    /// The leading words of `payee` up to the first word with a digit, `#` or `*` (store numbers,
    /// card suffixes, order references), uppercased; and those words exactly as written, usable
    /// as a `payee contains` pattern. Nil when nothing is left.
    public static func of(_ payee: String) -> (key: String, pattern: String)? {
        let chars = Array(payee)
        var end = 0          // end of the last kept word, in characters
        var i = 0
        var kept = 0
        while i < chars.count {
            while i < chars.count && chars[i].isWhitespace { i += 1 }
            guard i < chars.count else { break }
            var j = i
            while j < chars.count && !chars[j].isWhitespace { j += 1 }
            let word = chars[i..<j]
            if let star = word.firstIndex(where: { $0 == "*" || $0 == "#" }) {
                let head = chars[i..<star]
                if !head.isEmpty && !head.contains(where: { $0.isNumber }) { end = star; kept += 1 }
                break
            }
            if word.contains(where: { $0.isNumber }) { break }
            end = j
            kept += 1
            i = j
        }
        guard kept > 0 else { return nil }
        var pattern = String(chars[0..<end]).drop(while: { $0.isWhitespace }).description
        while let last = pattern.last, last == "-" || last == "," || last == ":" || last == "/" || last.isWhitespace {
            pattern.removeLast()
        }
        guard !pattern.isEmpty else { return nil }
        let key = pattern.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").uppercased()
        return (key, pattern)
    }
}
