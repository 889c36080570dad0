import Foundation
import MyMoneyKit

/// The saved terminal settings a signal handler puts back: echo must not stay off when Ctrl-C
/// ends a passphrase prompt. Only the prompt below writes them, on the main thread, before it
/// arms the handler.
nonisolated(unsafe) private var settingsToRestore = termios()

/// Questions on the terminal: the question goes to standard error, the answer comes from
/// standard input, read a byte at a time (so nothing is read ahead of the answer), and a secret
/// answer is read with echo off.
enum TerminalInput {
    /// Whether questions can be asked: standard input and standard error are both a terminal.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Asks `question`; the answer without its newline, nil at the end of input (Ctrl-D).
    static func line(_ question: String) -> String? {
        FileHandle.standardError.write(Data(question.utf8))
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(STDIN_FILENO, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            if bytes.count < 4096 { bytes.append(byte) }
        }
    }

    /// Asks `question` with echo off (and back on afterwards, also after Ctrl-C); nil at the end
    /// of input. The answer never passes through a Swift string.
    static func secret(_ question: String) throws(BooksError) -> Passphrase? {
        var saved = termios()
        let canHideEcho = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHideEcho {
            settingsToRestore = saved
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { signal(sig, restoreAndReraise) }
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        // Asked only once echo is off and what was typed before is flushed: an answer typed as
        // soon as the question shows is neither echoed nor thrown away.
        FileHandle.standardError.write(Data(question.utf8))
        defer {
            if canHideEcho {
                // TCSANOW: what is typed ahead for the next question is kept.
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { signal(sig, SIG_DFL) }
            }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        let capacity = 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
        defer {
            memset(buffer, 0, capacity)
            buffer.deallocate()
        }
        var count = 0
        while true {
            let n = read(STDIN_FILENO, buffer + count, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { if count == 0 { return nil } else { break } }
            if buffer.load(fromByteOffset: count, as: UInt8.self) == 0x0A { break }
            if count < capacity - 1 { count += 1 }
        }
        if count > 0 && buffer.load(fromByteOffset: count - 1, as: UInt8.self) == 0x0D { count -= 1 }
        return try Passphrase(bytes: UnsafeRawBufferPointer(start: buffer, count: count))
    }
}

/// Puts the terminal's settings back and ends the process the way the signal would have.
private func restoreAndReraise(_ sig: Int32) {
    tcsetattr(STDIN_FILENO, TCSANOW, &settingsToRestore)
    signal(sig, SIG_DFL)
    raise(sig)
}
