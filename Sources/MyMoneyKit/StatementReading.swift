import MyMoneyImport

/// One input file read: its statements and what the readers said about it.
public struct FileReading: Sendable {
    public var path: String
    public var result: ReadResult
    /// Whether the file may be imported (no error; under `strict` no warning either).
    public var isUsable: Bool
}

/// Reads every file behind the user's paths with the standard readers.
public enum StatementReading {
    /// Expands directories, reads each file, recognizes its format by content.
    ///
    /// - Throws: ``InputError`` when a named path does not exist or cannot be read.
    public static func read(_ paths: [String], readers: StatementReaders, format: String? = nil,
                            options: ReadOptions, progress: ((String) -> Void)? = nil) throws(InputError) -> [FileReading] {
        var readings: [FileReading] = []
        for path in try StatementFiles.expand(paths) {
            progress?("reading \(path)")
            let input = try StatementFiles.load(path)
            let result = readers.read(input, format: format, options: options)
            readings.append(FileReading(path: path, result: result, isUsable: result.isUsable(strict: options.strict)))
        }
        return readings
    }
}
