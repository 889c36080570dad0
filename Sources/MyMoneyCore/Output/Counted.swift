/// A count with its noun in the right number: `1 file`, `2 files`, `0 categories`.
///
/// `plural` is needed only where adding "s" is wrong (`category` → `categories`).
public func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : (plural ?? singular + "s"))
}
