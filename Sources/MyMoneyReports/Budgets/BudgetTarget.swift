extension Budget.Target {
    /// Whether a posting counts against a budget with this target: its category lies within the
    /// category (children included), or it carries the tag, or belongs to the project (letter case
    /// ignored). Only expenses count; the caller checks the type.
    public func contains(_ posting: Posting) -> Bool {
        switch self {
        case .category(let path): return posting.category?.isWithin(path) ?? false
        case .tag(let title):
            let key = title.lowercased()
            return posting.tags.contains { $0.lowercased() == key }
        case .project(let title): return posting.project?.lowercased() == title.lowercased()
        }
    }
}
