internal import MyMoneySQLite
import Foundation

/// The last text read from one result column, kept so that a row repeating it (the same source
/// file, format or currency on a million rows) shares one String instead of allocating another.
struct RepeatedText {
    private var bytes: [UInt8] = []
    private var value: String?

    /// The column's text (nil for NULL), the previous String when the bytes are the same.
    mutating func read(_ statement: PreparedStatement, _ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement.pointer, column) else {
            return statement.isNull(column) ? nil : ""
        }
        let count = Int(sqlite3_column_bytes(statement.pointer, column))
        if let value, bytes.count == count, bytes.withUnsafeBufferPointer({ count == 0 || $0.baseAddress.map { memcmp($0, pointer, count) == 0 } ?? false }) {
            return value
        }
        let buffer = UnsafeBufferPointer(start: pointer, count: count)
        bytes = Array(buffer)
        let text = String(decoding: buffer, as: UTF8.self)
        value = text
        return text
    }
}
