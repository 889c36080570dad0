/// A command line split into positionals, options with values and flags, checked against what
/// the command declares.
///
/// Accepts `--name value`, `--name=value`, flags (`--dry-run`), `--` to end options, and `-`
/// as a positional (standard input).
public struct Arguments: Sendable {
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// Every option the command declared (``value(_:)`` and ``flag(_:)`` may ask for these only).
    private let declared: Set<String>

    /// Parses `words` against the options a command declares.
    ///
    /// - Throws: ``CommandFailure`` (usage) for an unknown option or a missing value.
    public init(_ words: [String], declared declarations: [Option]) throws(CommandFailure) {
        let options = Set(declarations.filter(\.takesValue).map(\.name))
        let knownFlags = Set(declarations.filter { !$0.takesValue }.map(\.name))
        declared = options.union(knownFlags).union(["--help"])
        var i = 0
        var onlyPositionals = false
        while i < words.count {
            let word = words[i]
            i += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            var name = word
            var inlineValue: String?
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inlineValue = String(word[word.index(after: eq)...])
            }
            if name == "-h" { name = "--help" }
            if knownFlags.contains(name) || name == "--help" {
                if inlineValue != nil { throw .usage("\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard i < words.count else { throw .usage("\(name) needs a value") }
                    values[name, default: []].append(words[i])
                    i += 1
                }
            } else {
                let known = (options.union(knownFlags)).sorted()
                let close = known.filter { $0.hasPrefix(String(name.prefix(4))) }
                let hint = close.isEmpty ? "" : " (did you mean \(close.joined(separator: " or "))?)"
                throw .usage("unknown option \(name)\(hint)")
            }
        }
    }

    /// Whether the command declares `name` (so ``value(_:)`` and ``flag(_:)`` may ask for it).
    public func declares(_ name: String) -> Bool { declared.contains(name) }

    /// The last value given for `name`.
    public func value(_ name: String) -> String? {
        assert(declared.contains(name), "\(name) is not declared by this command")
        return values[name]?.last
    }
    /// Every value given for a repeatable option.
    public func values(_ name: String) -> [String] {
        assert(declared.contains(name), "\(name) is not declared by this command")
        return values[name] ?? []
    }
    public func flag(_ name: String) -> Bool {
        assert(declared.contains(name), "\(name) is not declared by this command")
        return flags.contains(name)
    }

    /// The value of `name` read by `transform`, with a usage error naming the option when it fails.
    public func value<T>(_ name: String, as what: String, _ transform: (String) -> T?) throws(CommandFailure) -> T? {
        guard let text = value(name) else { return nil }
        guard let result = transform(text) else { throw .usage("\(name): \"\(text)\" is not \(what)") }
        return result
    }
}
