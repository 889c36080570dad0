import MyMoneyImport

extension StatementReading {
    /// One file read for `mymoney parse`, its statements written into `output` as they are read
    /// where the format allows (``StatementReaders/stream(_:format:options:into:)``); the
    /// reading carries the file's diagnostics, not its statements.
    ///
    /// What a caller must know: when ``FileReading/isUsable`` is false and `wroteAsRead` is
    /// true, `output` has been given some of the file's statements, which the caller must take
    /// back (the import reads through ``read(_:readers:format:options:progress:)``, which holds
    /// whole statements, and is not affected).
    public static func stream(_ path: String, readers: StatementReaders, format: String? = nil, options: ReadOptions,
                              into output: inout some StatementStreamOutput) -> (reading: FileReading, wroteAsRead: Bool) {
        do throws(InputError) {
            let file = try readers.stream(path, format: format, options: options, into: &output)
            return (FileReading(path: path, result: file.result, isUsable: file.isUsable), file.wroteAsRead)
        } catch {
            return (FileReading(path: path, result: ReadResult(), isUsable: false, failure: error), false)
        }
    }
}
