/// A JSON value with ordered object keys, for stable, readable `--format json` output.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    /// A number written exactly as given (amounts are strings instead, per the command surface).
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Serializes with two-space indentation when `pretty`.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .string(let s): JSONValue.escape(s, into: &out)
        case .number(let n): out += n
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                JSONValue.newline(&out, indent.map { $0 + 1 })
                item.write(into: &out, indent: indent.map { $0 + 1 })
            }
            JSONValue.newline(&out, indent)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.newline(&out, indent.map { $0 + 1 })
                JSONValue.escape(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            JSONValue.newline(&out, indent)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n" + String(repeating: "  ", count: indent)
    }

    private static func escape(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // C0, DEL and C1 controls are escaped too, so no raw control character reaches a terminal.
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
