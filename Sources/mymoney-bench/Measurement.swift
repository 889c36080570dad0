import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One benchmark's figures, printed as a table row and written as JSON.
struct BenchmarkResult: Codable, Sendable {
    /// `csv.parse`, `rules.apply`, …
    var name: String
    var seconds: Double
    /// Transactions, rows or rules handled.
    var items: Int
    /// Input bytes, when the benchmark reads a file.
    var bytes: Int?
    /// The process's peak resident memory after the run.
    var peakMemoryBytes: Int
    /// Free-form detail (`1000 rules`, `10 accounts`).
    var detail: String?

    var itemsPerSecond: Double { seconds > 0 ? Double(items) / seconds : 0 }
    var megabytesPerSecond: Double? { bytes.map { seconds > 0 ? Double($0) / 1_000_000 / seconds : 0 } }
}

/// Peak resident set size of this process so far, in bytes.
func peakMemoryBytes() -> Int {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss) * 1024
}

/// Runs `body` once and measures wall time; `body` returns the number of items it handled.
func measure(_ name: String, bytes: Int? = nil, detail: String? = nil, _ body: () throws -> Int) rethrows -> BenchmarkResult {
    let start = DispatchTime.now().uptimeNanoseconds
    let items = try body()
    let end = DispatchTime.now().uptimeNanoseconds
    return BenchmarkResult(name: name, seconds: Double(end - start) / 1e9, items: items, bytes: bytes,
                           peakMemoryBytes: peakMemoryBytes(), detail: detail)
}

/// A scratch folder for generated inputs, removed by the caller when done.
func scratchDirectory(_ name: String) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-bench-\(name)-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// CPU seconds this process has used (all threads, user + system): on a shared machine wall time
/// also counts the time other processes held the cores.
func processCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
