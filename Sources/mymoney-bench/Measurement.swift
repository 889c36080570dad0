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
func processCPUSeconds() -> Double { cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) }

/// CPU seconds the calling thread has used.
func threadCPUSeconds() -> Double { cpuSeconds(CLOCK_THREAD_CPUTIME_ID) }

private func cpuSeconds(_ clock: clockid_t) -> Double {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Starts the kernel's peak resident set size (VmHWM) of this process afresh (Linux; nothing elsewhere).
func resetPeakMemory() {
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
}

/// The peak resident set size (VmHWM) since the last ``resetPeakMemory()``, in bytes; nil when unknown.
func peakMemorySinceReset() -> Int? { processStatusBytes("VmHWM:") }

/// The current resident set size (VmRSS) in bytes; nil when unknown.
func residentMemory() -> Int? { processStatusBytes("VmRSS:") }

/// A size `/proc/self/status` gives in kB (`VmRSS:  1234 kB`), in bytes; nil when unknown.
private func processStatusBytes(_ key: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(key) {
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }
    return nil
}

/// What reading costs in memory beyond its result (Linux): the peak resident size during the read
/// (VmHWM, restarted just before) minus the resident size afterwards with the result still held.
/// The difference is what the reader held only while working (token tables, copies, scratch arrays).
struct ReaderMemory {
    var before: Int

    static func start() -> ReaderMemory {
        resetPeakMemory()
        return ReaderMemory(before: residentMemory() ?? 0)
    }

    /// `, result ≈ R MB, reader peak beyond result ≈ P MB` (empty when /proc is unavailable).
    func finish() -> String {
        guard let peak = peakMemorySinceReset(), let after = residentMemory() else { return "" }
        let mb = 1024.0 * 1024.0
        return String(format: ", result ≈ %.0f MB, reader peak beyond result ≈ %.0f MB", Double(after - before) / mb, Double(peak - after) / mb)
    }
}

