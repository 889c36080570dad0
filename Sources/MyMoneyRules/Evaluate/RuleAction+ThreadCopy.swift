/// Copies of the rules' actions that share no storage with other threads.
///
/// Applying an action puts its values (a category path, tag strings) into the transaction, which
/// retains them. When two threads retain the same objects, every retain moves a cache line
/// between the cores; each evaluator therefore works on its own copy of the actions.
extension RuleAction {
    /// The same action, its strings and arrays in new storage.
    func copiedForThread() -> RuleAction {
        func fresh(_ s: String) -> String { String(decoding: Array(s.utf8), as: UTF8.self) }
        func fresh(_ t: ValueTemplate) -> ValueTemplate {
            ValueTemplate(parts: t.parts.map { part in
                switch part {
                case .text(let s): return .text(fresh(s))
                case .capture(let n): return .capture(n)
                }
            })
        }
        switch self {
        case .setCategory(let path): return .setCategory(CategoryPath(path.components.map(fresh)))
        case .setProject(let name): return .setProject(fresh(name))
        case .setPlace(let t): return .setPlace(fresh(t))
        case .setPayee(let t): return .setPayee(fresh(t))
        case .setNotes(let t): return .setNotes(fresh(t))
        case .appendNotes(let t): return .appendNotes(fresh(t))
        case .addTags(let tags): return .addTags(tags.map { (tag: fresh($0.tag), key: fresh($0.key)) })
        case .removeTags(let tags): return .removeTags(tags.map { (tag: fresh($0.tag), key: fresh($0.key)) })
        case .transfer(let direction, let name): return .transfer(direction, fresh(name))
        case .ignore: return .ignore
        }
    }
}
