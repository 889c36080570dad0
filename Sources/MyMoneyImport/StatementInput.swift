import Foundation

/// One file's bytes, as the user named it.
public struct StatementInput: Sendable {
    /// The path as given (`-` for standard input).
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// Why an input could not be read at all.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Finds the statement files behind the paths a user typed.
public enum StatementFiles {
    /// Files larger than this are refused before reading (2 GiB).
    public static let maximumFileSize = 2 << 30

    /// Expands directories (recursively, hidden files skipped, sorted by path) and keeps files as
    /// given; `-` stands for standard input. A folder named `rates` inside a directory holds
    /// exchange rates (`mymoney rates import`), not statements, and is skipped.
    ///
    /// - Throws: ``InputError`` for a path that does not exist.
    public static func expand(_ paths: [String]) throws(InputError) -> [String] {
        var result: [String] = []
        let fm = FileManager.default
        for path in paths {
            if path == "-" { result.append(path); continue }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(path: path, reason: "no such file or directory")
            }
            if !isDirectory.boolValue { result.append(path); continue }
            guard let walker = fm.enumerator(atPath: path) else {
                throw InputError(path: path, reason: "cannot list this directory")
            }
            var found: [String] = []
            while let entry = walker.nextObject() as? String {
                let name = (entry as NSString).lastPathComponent
                if name.hasPrefix(".") { walker.skipDescendants(); continue }
                let full = (path as NSString).appendingPathComponent(entry)
                var sub: ObjCBool = false
                if name == "rates", fm.fileExists(atPath: full, isDirectory: &sub), sub.boolValue { walker.skipDescendants(); continue }
                if fm.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue,
                   !["md", "txt.md", "json", "rules", "csvprofile"].contains((name as NSString).pathExtension.lowercased()) {
                    found.append(full)
                }
            }
            result += found.sorted()
        }
        return result
    }

    /// Reads a file (or standard input for `-`).
    public static func load(_ path: String) throws(InputError) -> StatementInput {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return StatementInput(name: "-", bytes: Array(data))
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumFileSize {
            throw InputError(path: path, reason: "file is \(size) bytes, more than the \(maximumFileSize) this tool reads")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(path: path, reason: FileManager.default.isReadableFile(atPath: path) ? "cannot read" : "permission denied")
        }
        return StatementInput(name: path, bytes: Array(data))
    }

    /// ``load(_:)`` reading the file straight into the input's bytes: the same bytes and errors,
    /// without a second copy of the file while it is read (`load` goes through `Data`, which is
    /// copied into the array: twice the file's size at its peak). `parse` reads QIF files so;
    /// the import could too.
    public static func loadOnce(_ path: String) throws(InputError) -> StatementInput {
        guard path != "-", let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
              size <= maximumFileSize, let handle = FileHandle(forReadingAtPath: path) else { return try load(path) }
        defer { try? handle.close() }
        let descriptor = handle.fileDescriptor
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return try load(path)   // says why, as it always has
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return StatementInput(name: path, bytes: bytes)
    }
}
