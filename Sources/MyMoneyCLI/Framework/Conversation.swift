import MyMoneyKit

/// Questions and answers with the user: what an interactive command (`mymoney init`) needs, so
/// its flow can run against a terminal or, in tests, against scripted answers.
protocol Conversation: AnyObject {
    /// Tells the user something (a line on the terminal).
    func say(_ text: String)
    /// Asks `question`; the answer, or nil when the input ended (Ctrl-D).
    func ask(_ question: String) -> String?
}

/// The conversation on the terminal: said and asked on standard error, answered on standard input.
final class TerminalConversation: Conversation {
    let terminal: Terminal
    init(terminal: Terminal) { self.terminal = terminal }
    func say(_ text: String) { terminal.error(text) }
    func ask(_ question: String) -> String? { TerminalInput.line(question) }
}
