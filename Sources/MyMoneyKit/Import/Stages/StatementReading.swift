import Foundation
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
    /// Expands directories, reads each file, recognizes its format by content. Several files are
    /// read at once, one per core; the readings come back in the order of the paths.
    ///
    /// - Throws: ``InputError`` when a named path does not exist or cannot be read (the first such
    ///   path in order).
    public static func read(_ paths: [String], readers: StatementReaders, format: String? = nil,
                            options: ReadOptions, progress: ((String) -> Void)? = nil) throws(InputError) -> [FileReading] {
        let files = try StatementFiles.expand(paths)
        progress?(files.count == 1 ? "reading \(files[0])" : "reading \(files.count) files")
        let read: @Sendable (String) -> Result<FileReading, InputError> = { path in
            do throws(InputError) {
                let input = try StatementFiles.load(path)
                let result = readers.read(input, format: format, options: options)
                return .success(FileReading(path: path, result: result, isUsable: result.isUsable(strict: options.strict)))
            } catch {
                return .failure(error)
            }
        }
        // Standard input is read on this thread.
        let slots = files.contains("-") ? files.map(read) : Concurrently.map(files, read)
        var readings: [FileReading] = []
        readings.reserveCapacity(files.count)
        for slot in slots { readings.append(try slot.get()) }
        return readings
    }
}

