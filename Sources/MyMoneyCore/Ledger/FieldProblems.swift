/// Everything wrong with the values of one form (an add or an edit), field by field, so that a
/// user hears about every mistake at once instead of one per try.
///
/// Each problem names its field in the message itself ("title should not be blank", "end date
/// 2026-01-01 is before start date 2026-03-01"): the message can be shown alone. Problems keep
/// the order they were found in; the same message for the same field is kept once.
public struct FieldProblems: Sendable, Hashable {
    /// One field's problem.
    public struct Problem: Sendable, Hashable {
        /// The field, as the user knows it (`title`, `end date`, `--amount`).
        public var field: String
        /// What is wrong, naming the field, for the user.
        public var message: String

        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    public private(set) var problems: [Problem] = []

    public init() {}

    public init(_ problems: [Problem]) {
        for problem in problems { add(problem.field, problem.message) }
    }

    public var isEmpty: Bool { problems.isEmpty }
    public var count: Int { problems.count }
    /// The messages, in order.
    public var messages: [String] { problems.map(\.message) }

    /// Records that `field` is wrong, and why.
    public mutating func add(_ field: String, _ message: String) {
        let problem = Problem(field: field, message: message)
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// Adds every problem of `other`, after these.
    public mutating func add(_ other: FieldProblems) {
        for problem in other.problems { add(problem.field, problem.message) }
    }

    /// Whether a problem was recorded for `field`.
    public func contains(field: String) -> Bool { problems.contains { $0.field == field } }
}
