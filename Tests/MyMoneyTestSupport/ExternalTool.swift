import Foundation

/// Programs other projects ship (hledger, bean-check, chromium) that tests run on our output.
///
/// A test that needs one skips with a message when it is not installed, except where
/// `MYMONEY_REQUIRE_TOOLS` is set (CI sets it after installing them): there a missing tool fails.
public enum ExternalTool {
    /// Folders searched besides `PATH` (pip's and pyenv's shims, local installs).
    static let extraFolders = ["/usr/bin", "/usr/local/bin", "/root/.pyenv/shims", "/root/.local/bin",
                               NSHomeDirectory() + "/.local/bin"]

    /// The first executable named one of `names`, or nil.
    public static func find(_ names: String...) -> URL? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in names {
            for folder in path + extraFolders where !folder.isEmpty {
                let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// Whether CI asked for every tool to be there.
    public static var required: Bool { !(ProcessInfo.processInfo.environment["MYMONEY_REQUIRE_TOOLS"] ?? "").isEmpty }

    /// Whether a test needing one of `names` should run: it is installed, or CI requires it
    /// (then the test fails on its absence instead of skipping).
    public static func shouldRun(_ names: String...) -> Bool {
        required || names.contains { find($0) != nil }
    }

    /// Runs `tool arguments…`, returning the exit status, stdout and stderr.
    public static func run(_ tool: URL, _ arguments: [String], timeout: TimeInterval = 600) throws -> CommandRun {
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        return try CommandRun.of(tool, arguments, environment: env, timeout: timeout)
    }
}
