import Foundation
import Testing

/// Golden files beside their inputs in `Goldens/`; `MYMONEY_RECORD_GOLDENS=1` rewrites them.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static var recording: Bool { ProcessInfo.processInfo.environment["MYMONEY_RECORD_GOLDENS"] == "1" }

    static func text(_ path: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Compares `actual` with the golden file at `path` (relative to `Goldens/`).
    static func check(_ actual: String, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(path)
        if recording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = text(path) else {
            Issue.record("missing golden \(path); run with MYMONEY_RECORD_GOLDENS=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, e).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? min(a.count, e.count)
            let got = line < a.count ? String(a[line]) : "(end)"
            let want = line < e.count ? String(e[line]) : "(end)"
            Issue.record("\(path) differs at line \(line + 1):\n  expected: \(want)\n  actual:   \(got)", sourceLocation: sourceLocation)
        }
    }
}
