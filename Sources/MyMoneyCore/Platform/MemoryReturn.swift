#if canImport(Glibc)
/// glibc's `mallopt` (from `malloc.h`, which Swift's Glibc module does not import).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// How a process gives memory back to the system.
public enum MemoryReturn {
    /// Blocks of 256 KiB and more (a statement's transactions, a ledger read) are mapped on their
    /// own and go back to the system as soon as they are freed.
    ///
    /// Left alone, glibc raises this threshold after the first such block is freed and keeps later
    /// large arrays in its heap, where freed memory stays with the process: a large import's peak
    /// memory is then higher by the arrays it already let go. Call once, first thing in `main`;
    /// does nothing on other C libraries.
    public static func returnLargeBlocksPromptly() {
        #if canImport(Glibc)
        let mmapThreshold: Int32 = -3 // M_MMAP_THRESHOLD in glibc's malloc.h
        _ = glibcMallopt(mmapThreshold, 256 * 1024)
        #endif
    }
}
