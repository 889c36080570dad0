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
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}
