import Foundation
import MyMoneyImport

/// One input file read: its statements and what the readers said about it.
public struct FileReading: Sendable {
    public var path: String
    public var result: ReadResult
    /// Whether the file may be imported (it was read, with no error; under `strict` no warning either).
    public var isUsable: Bool
    /// Why the file could not be read at all (it does not exist, permission denied, too large); nil when it was.
    public var failure: InputError?
}

/// Reads every file behind the user's paths with the standard readers.
public enum StatementReading {
    /// Expands directories, reads each file, recognizes its format by content. Several files are
    /// read at once, one per core; the readings come back in the order of the paths.
    ///
    /// A file that cannot be read at all is a reading with a ``FileReading/failure``; `parse` and
    /// `import` both read through here.
    ///
    /// Each file is loaded straight into its bytes (``StatementFiles/loadOnce(_:)``: no copy of
    /// the file through `Data`); `loadingOnce: false` loads it the plain way (the twin).
    ///
    /// - Throws: ``InputError`` when a named path does not exist (the first such path in order).
    public static func read(_ paths: [String], readers: StatementReaders, format: String? = nil,
                            options: ReadOptions, loadingOnce: Bool = true,
                            progress: ((String) -> Void)? = nil) throws(InputError) -> [FileReading] {
        let files = try StatementFiles.expand(paths)
        progress?(files.count == 1 ? "reading \(files[0])" : "reading \(files.count) files")
        let read: @Sendable (String) -> FileReading = { path in
            do throws(InputError) {
                let input = loadingOnce ? try StatementFiles.loadOnce(path) : try StatementFiles.load(path)
                let result = readers.read(input, format: format, options: options)
                return FileReading(path: path, result: result, isUsable: result.isUsable(strict: options.strict))
            } catch {
                return FileReading(path: path, result: ReadResult(), isUsable: false, failure: error)
            }
        }
        // Standard input is read on this thread.
        return files.contains("-") ? files.map(read) : Concurrently.map(files, read)
    }
}

