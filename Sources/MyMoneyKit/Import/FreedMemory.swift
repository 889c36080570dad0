/// Memory an import freed between its stages, given back to the system.
///
/// glibc's allocator keeps what a program frees for its next allocations: the reader's rows, the
/// statement rows moved out by the conversion and the text keys the store let go of stay counted
/// in the process's resident memory, spread over the arenas of the threads that allocated them,
/// while the next stage allocates elsewhere. `malloc_trim(0)` hands every free page back. Once,
/// after the store, is where it counts: the bench's 1M folder import peaked in the transfer
/// matcher at 730–770 MB, now 640 MB (wall ratio 1.01); trimmed after reading and after the
/// conversion too, it cost 2 % more time for nothing more (docs/benchmarks.md "Fifteenth round").
/// It changes no value; where there is no glibc it does nothing.
enum FreedMemory {
    /// Gives back the free pages of every arena (a walk over the free chunks: milliseconds).
    static func giveBack() {
        #if canImport(Glibc)
        _ = mallocTrim(0)
        #endif
    }
}

#if canImport(Glibc)
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif
