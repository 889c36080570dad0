/// How a renderer marks up text for people: bold, colors, dimmed. A terminal with colors
/// implements it with escape sequences; ``PlainStyle`` leaves text as it is (files, pipes,
/// `NO_COLOR`, tests).
public protocol TextStyle {
    func bold(_ text: String) -> String
    func green(_ text: String) -> String
    func red(_ text: String) -> String
    func yellow(_ text: String) -> String
    func dim(_ text: String) -> String
}

/// No mark-up at all.
public struct PlainStyle: TextStyle, Sendable {
    public init() {}
    public func bold(_ text: String) -> String { text }
    public func green(_ text: String) -> String { text }
    public func red(_ text: String) -> String { text }
    public func yellow(_ text: String) -> String { text }
    public func dim(_ text: String) -> String { text }
}
