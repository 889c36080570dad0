import Foundation

/// The fuzz executables' `main` when built without libFuzzer: runs kept inputs through a target,
/// so a crash can be reproduced with an ordinary debug build and a Swift backtrace.
///
/// `FuzzCSV FILE|DIR…` runs every file given (folders: every file inside, sorted) and prints one
/// line per file; a crash stops the process like the fuzzer's would. Exit status 2 for a path that
/// cannot be read or no path at all.
public enum FuzzReplay {
    public static func main(_ target: FuzzTarget, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        guard !arguments.isEmpty else {
            print("usage: \(CommandLine.arguments.first ?? "fuzz") FILE|DIR…  (runs each file through the \(target.name) target)")
            print("The libFuzzer build is scripts/fuzz.sh \(target.name) SECONDS.")
            return 2
        }
        var status: Int32 = 0
        for path in arguments {
            guard let files = files(at: path) else {
                FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
                status = 2
                continue
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
                    status = 2
                    continue
                }
                let start = DispatchTime.now().uptimeNanoseconds
                target.run(Array(data))
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                print("ok \(file) (\(data.count) bytes, \(Int(ms.rounded())) ms)")
            }
        }
        return status
    }

    /// The file itself, or every regular file under a folder (sorted, hidden ones skipped).
    public static func files(at path: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return [path] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return nil }
        var found: [String] = []
        while let entry = walker.nextObject() as? String {
            if (entry as NSString).lastPathComponent.hasPrefix(".") { walker.skipDescendants(); continue }
            let full = (path as NSString).appendingPathComponent(entry)
            var sub: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue { found.append(full) }
        }
        return found.sorted()
    }
}
