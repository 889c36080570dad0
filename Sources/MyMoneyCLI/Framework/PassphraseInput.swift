import Foundation
import MyMoneyKit

/// Where a command reads passphrases from, in this order: `--passphrase-fd N`, the file
/// `MYMONEY_PASSPHRASE_FILE` names, a prompt without echo when standard input and standard error
/// are a terminal. Never from a command-line argument, nor from an environment variable holding
/// the passphrase itself (a process's arguments and environment can be read by others).
///
/// A file or descriptor holds the passphrase alone; one newline at its end is not part of it.
struct PassphraseInput {
    var descriptor: Int32?
    var file: String?
    var canPrompt: Bool
    let terminal: Terminal

    static let limit = 4096

    /// The passphrase of the encrypted ledger at `path` (or its recovery key).
    func current(for path: String) throws(BooksError) -> Passphrase {
        if let descriptor { return try Self.read(descriptor: descriptor) }
        if let file { return try Self.read(file: file, terminal: terminal) }
        guard canPrompt else {
            throw BooksError(.passphraseRequired, "the ledger at \(path) is encrypted and there is no terminal to ask its passphrase on",
                             notes: ["give it in a file (MYMONEY_PASSPHRASE_FILE=FILE) or on a file descriptor (--passphrase-fd N); never on the command line"])
        }
        guard let typed = try TerminalInput.secret("Passphrase (or recovery key) for \(path): ") else {
            throw BooksError(.passphraseRequired, "no passphrase was typed")
        }
        return typed
    }

    /// A passphrase to set: from `newFile` when given; else, when `standardSources` allows,
    /// from the descriptor or file above; else typed twice on the terminal.
    func new(from newFile: String?, standardSources: Bool, question: String = "New passphrase: ") throws(BooksError) -> Passphrase {
        if let newFile { return try Self.read(file: newFile, terminal: terminal) }
        if standardSources, let descriptor { return try Self.read(descriptor: descriptor) }
        if standardSources, let file { return try Self.read(file: file, terminal: terminal) }
        guard canPrompt else {
            throw BooksError(.passphraseRequired, "there is no terminal to ask the new passphrase on",
                             notes: [standardSources ? "give it in a file (MYMONEY_PASSPHRASE_FILE=FILE, --new-passphrase-file FILE) or on a file descriptor (--passphrase-fd N)"
                                                     : "give it in a file: --new-passphrase-file FILE"])
        }
        while true {
            guard let first = try TerminalInput.secret(question) else { throw BooksError(.passphraseRequired, "no passphrase was typed") }
            do {
                try first.checkStrongEnough()
            } catch {
                terminal.error(error.message)
                continue
            }
            guard let again = try TerminalInput.secret("The same again: ") else { throw BooksError(.passphraseRequired, "no passphrase was typed") }
            if first.matches(again) { return first }
            terminal.error("the two passphrases differ; once more")
        }
    }

    /// The passphrase in the file at `path` (a note when others may read the file).
    static func read(file path: String, terminal: Terminal) throws(BooksError) -> Passphrase {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw BooksError(.unreadable, "cannot read the passphrase file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_mode & 0o077 != 0 {
            terminal.error("note: the passphrase file \(path) can be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); make it 0600")
        }
        return try read(fd: fd, what: "the passphrase file \(path)")
    }

    /// The passphrase on file descriptor `descriptor` (read to its end).
    static func read(descriptor: Int32) throws(BooksError) -> Passphrase {
        guard fcntl(descriptor, F_GETFD) != -1 else {
            throw BooksError(.unreadable, "--passphrase-fd \(descriptor): no such open file descriptor")
        }
        return try read(fd: descriptor, what: "file descriptor \(descriptor)")
    }

    private static func read(fd: Int32, what: String) throws(BooksError) -> Passphrase {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: limit + 1, alignment: 1)
        defer {
            memset(buffer, 0, limit + 1)
            buffer.deallocate()
        }
        var count = 0
        while count <= limit {
            let n = Foundation.read(fd, buffer + count, limit + 1 - count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw BooksError(.unreadable, "cannot read \(what): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw BooksError(.invalid, "\(what) holds more than \(limit) bytes: that is not a passphrase") }
        if count > 0 && buffer.load(fromByteOffset: count - 1, as: UInt8.self) == 0x0A { count -= 1 }
        if count > 0 && buffer.load(fromByteOffset: count - 1, as: UInt8.self) == 0x0D { count -= 1 }
        guard count > 0 else { throw BooksError(.invalid, "\(what) is empty: it should hold the passphrase") }
        return try Passphrase(bytes: UnsafeRawBufferPointer(start: buffer, count: count))
    }
}

extension CommandContext {
    /// Where this command reads passphrases from (see ``PassphraseInput``).
    func passphraseInput(_ arguments: Arguments) throws(CommandFailure) -> PassphraseInput {
        var descriptor: Int32?
        if arguments.declares("--passphrase-fd") {
            descriptor = try arguments.value("--passphrase-fd", as: "a file descriptor number", { Int32($0).flatMap { $0 >= 0 ? $0 : nil } })
        }
        if let secret = environment["MYMONEY_PASSPHRASE"], !secret.isEmpty {
            terminal.error("note: MYMONEY_PASSPHRASE is not read (an environment can be read by others): put the passphrase in a file and name it with MYMONEY_PASSPHRASE_FILE")
        }
        let file = environment["MYMONEY_PASSPHRASE_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        return PassphraseInput(descriptor: descriptor, file: file, canPrompt: TerminalInput.isAvailable && terminal.isInteractive, terminal: terminal)
    }

    /// The passphrase source of this run: asked once, when a ledger turns out to be encrypted.
    func passphraseSource(_ arguments: Arguments) throws -> PassphraseSource {
        if let source = session.passphrases { return source }
        let input = try passphraseInput(arguments)
        let path = ledgerPath(arguments)
        let source = PassphraseSource { () throws(BooksError) in try input.current(for: path) }
        session.passphrases = source
        return source
    }
}
