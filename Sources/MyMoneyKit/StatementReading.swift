import Dispatch
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
        let slots = ReadingSlots(count: files.count)
        let readOne: @Sendable (Int) -> Void = { index in
            let path = files[index]
            do throws(InputError) {
                let input = try StatementFiles.load(path)
                let result = readers.read(input, format: format, options: options)
                slots.set(index, .success(FileReading(path: path, result: result, isUsable: result.isUsable(strict: options.strict))))
            } catch {
                slots.set(index, .failure(error))
            }
        }
        // Standard input is read on this thread, and a single file needs no second one.
        if files.count < 2 || files.contains("-") {
            files.indices.forEach(readOne)
        } else {
            DispatchQueue.concurrentPerform(iterations: files.count, execute: readOne)
        }
        var readings: [FileReading] = []
        readings.reserveCapacity(files.count)
        for slot in slots.take() {
            switch slot {
            case .success(let reading): readings.append(reading)
            case .failure(let error): throw error
            case nil: break
            }
        }
        return readings
    }
}

/// The readings of files read at once, by position.
private final class ReadingSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<FileReading, InputError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<FileReading, InputError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func take() -> [Result<FileReading, InputError>?] {
        lock.lock()
        defer { lock.unlock() }
        let taken = slots
        slots = []
        return taken
    }
}
