/// A project that groups spending over a time (`Kitchen renovation`, `Lisbon trip`).
public struct Project: Sendable, Hashable, Codable {
    public var id: Int64?
    public var title: String
    public var startDay: Day?
    /// Once this day has passed, the project counts as archived.
    public var endDay: Day?
    /// Archived by the user explicitly.
    public var isArchived: Bool

    public init(id: Int64? = nil, title: String, startDay: Day? = nil, endDay: Day? = nil, isArchived: Bool = false) {
        self.id = id
        self.title = title
        self.startDay = startDay
        self.endDay = endDay
        self.isArchived = isArchived
    }

    /// Whether the project is archived on `today`: archived by hand, or its end day is before `today`.
    public func isArchived(on today: Day) -> Bool {
        isArchived || (endDay.map { $0 < today } ?? false)
    }
}
