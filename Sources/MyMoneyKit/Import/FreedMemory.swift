/// Memory an import freed between its stages, given back to the system.
///
/// glibc's allocator keeps what a program frees for its next allocations: the reader's rows, the
/// statement rows moved out by the conversion and the text keys the store let go of stay counted
/// in the process's resident memory, spread over the arenas of the threads that allocated them,
/// while the next stage allocates elsewhere. `malloc_trim(0)` hands every free page back: after
/// the store, where the bench's 1M folder import peaked in the transfer matcher (730–770 MB, then
/// 640 MB; wall ratio 1.01), and during the store every ``StoreStage/rowsBetweenGiveBacks`` rows,
/// for the text keys it lets go of (the realistic-rules 1M CSV's store phase: 630 → 600 MiB).
/// Trimmed after reading and after the conversion too, it cost 2 % more time for nothing more
/// (docs/benchmarks.md "Fifteenth round"). It changes no value; where there is no glibc it does nothing.
enum FreedMemory {
    /// Gives back the free pages of every arena (a walk over the free chunks: milliseconds).
    static func giveBack() {
        #if canImport(Glibc)
        _ = mallocTrim(0)
        #endif
    }
}

/// How the process's allocator treats large blocks, set once by a program (the `mymoney` command
/// line) before its work: a library does not change it behind its caller's back.
public enum ProcessMemory {
    /// Blocks of 4 MiB and more get pages of their own, handed back as soon as they are freed.
    ///
    /// glibc decides this by a threshold it raises each time such a block is freed, up to 32 MiB:
    /// once an import has freed its file's bytes or a part of rows, every later block below that
    /// size comes from the heap, whose freed pages stay resident. Fixed at 4 MiB, the
    /// realistic-rules 1M CSV import peaked at 599.6 MiB instead of 612.5 (4 interleaved pairs,
    /// wall ratio 0.98). Where there is no glibc it does nothing.
    public static func handBackLargeBlocks() {
        #if canImport(Glibc)
        _ = mallopt(-3, 4 << 20)   // M_MMAP_THRESHOLD: fixed, not raised
        #endif
    }
}

#if canImport(Glibc)
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
