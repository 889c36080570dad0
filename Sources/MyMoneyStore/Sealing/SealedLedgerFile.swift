import Foundation
internal import MyMoneySodium

/// An encrypted ledger file as this process unlocked it: its header and its data key, which is
/// all that writing it back needs.
///
/// The file is one authenticated, encrypted image of the SQLite database (see
/// docs/encryption.md): a clear header with the data key wrapped for the passphrase (Argon2id)
/// and for the recovery key, then the body (``SealedBody``). Writing back writes a whole new file
/// beside it and renames it into place (``AtomicFile``).
///
/// Not `Sendable`: it holds the data key.
final class SealedLedgerFile {
    let path: String
    private(set) var header: SealedHeader
    let dataKey: SecretBytes

    private init(path: String, header: SealedHeader, dataKey: SecretBytes) {
        self.path = path
        self.header = header
        self.dataKey = dataKey
    }

    /// Keys for a new encrypted ledger at `path`: a random data key, wrapped for `passphrase`
    /// and for a new recovery key, which is returned (it is shown to the user once).
    static func create(at path: String, passphrase: SecretBytes, hashing: PassphraseHashing) throws(LedgerError) -> (SealedLedgerFile, RecoveryKey) {
        let dataKey = try SecretBytes.random(count: KeySlots.keyLength)
        let recovery = try RecoveryKey.generate()
        var header = SealedHeader(chunkSize: SealedHeader.defaultChunkSize, ledgerID: randomBytes(16), hashing: hashing,
                                  salt: randomBytes(16), slots: [])
        let passphraseSlot = KeySlots.wrap(dataKey, with: try hashing.key(for: passphrase, salt: header.salt), kind: .passphrase, in: header)
        let recoverySlot = KeySlots.wrap(dataKey, with: try recovery.slotKey(ledgerID: header.ledgerID), kind: .recovery, in: header)
        header.slots = [passphraseSlot, recoverySlot]
        return (SealedLedgerFile(path: path, header: header, dataKey: dataKey), recovery)
    }

    /// What an opened file still has to give: its decrypted body.
    struct Opened {
        let file: SealedLedgerFile
        let fd: Int32
        /// Bytes of the body (from the end of the header to the end of the file).
        let bodyLength: Int
        /// Bytes the decrypted body holds.
        let plainLength: Int
    }

    /// Opens the encrypted ledger at `path`: checks its header and unlocks its data key with
    /// what `secret` gives (a passphrase or the recovery key), asked for only once the header
    /// has been read. The caller reads the body with ``readBody(_:into:)`` and closes `fd`.
    ///
    /// - Throws: ``LedgerError`` `damaged` for a file that is not what a writer wrote,
    ///   `wrongPassphrase` when the secret opens no slot, `storage` when it cannot be read.
    static func open(at path: String, secret: () throws(LedgerError) -> SecretBytes) throws(LedgerError) -> Opened {
        let fd = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LedgerError(.storage, "cannot open the ledger at \(path)", detail: String(cString: strerror(errno))) }
        do throws(LedgerError) {
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw LedgerError(.storage, "cannot read the ledger at \(path)", detail: String(cString: strerror(errno))) }
            let start = try FileBytes.read(fd, count: SealedHeader.slotsStart, path: path)
            let header: SealedHeader
            do {
                header = try SealedHeader.decode(start) { count in (try? FileBytes.read(fd, count: count, path: path)) ?? [] }
            } catch {
                throw damage(path, error)
            }
            let bodyLength = Int(info.st_size) - header.length
            guard let plainLength = SealedBody.plainLength(ofBody: bodyLength, chunkSize: header.chunkSize), plainLength > 0 else {
                throw LedgerError(.damaged, "the encrypted ledger at \(path) is cut short or has bytes added: it was not read",
                                  detail: "\(info.st_size) bytes is not the length of a file this program writes")
            }
            let key = try unlock(header, with: try secret(), path: path)
            return Opened(file: SealedLedgerFile(path: path, header: header, dataKey: key), fd: fd, bodyLength: bodyLength, plainLength: plainLength)
        } catch {
            close(fd)
            throw error
        }
    }

    /// Decrypts the body of `opened` into `plain` (``Opened/plainLength`` bytes), then closes its descriptor.
    static func readBody(_ opened: Opened, into plain: UnsafeMutableRawBufferPointer) throws(LedgerError) {
        defer { close(opened.fd) }
        let file = opened.file
        do {
            try SealedBody.read(from: opened.fd, length: opened.bodyLength, key: file.dataKey, chunkSize: file.header.chunkSize,
                                associatedData: file.header.identity, into: plain, path: file.path)
        } catch let error as LedgerError {
            throw error
        } catch SealedBody.Problem.cutShort {
            throw LedgerError(.damaged, "the encrypted ledger at \(file.path) is cut short: its end is missing, so it was not read",
                              detail: "restore it from a backup")
        } catch SealedBody.Problem.unauthentic(let chunk, let offset) {
            // A file cut inside its last chunk still has a length a writer writes; only the
            // chunk failing tells, and it cannot tell a cut from a change.
            let isLast = offset + file.header.chunkSize + SealedBody.overhead >= opened.bodyLength
            let what = isLast ? "its last chunk (\(chunk), at byte \(file.header.length + offset)) was cut short or changed"
                              : "chunk \(chunk) at byte \(file.header.length + offset) was changed"
            throw LedgerError(.damaged, "the encrypted ledger at \(file.path) is damaged: its contents fail authentication, so nothing of it was read",
                              detail: "\(what); restore the file from a backup")
        } catch {
            throw LedgerError(.damaged, "the encrypted ledger at \(file.path) is damaged", detail: String(describing: error))
        }
    }

    /// The data key, from the recovery slot when `secret` reads as a recovery key, else from
    /// the passphrase slot.
    static func unlock(_ header: SealedHeader, with secret: SecretBytes, path: String) throws(LedgerError) -> SecretBytes {
        let reading = secret.withBytes { RecoveryKey.read($0) }
        if case .key(let recovery) = reading, let slot = header.slots.first(where: { $0.kind == .recovery }),
           let key = try KeySlots.unwrap(slot, with: try recovery.slotKey(ledgerID: header.ledgerID), in: header) {
            return key
        }
        if let slot = header.slots.first(where: { $0.kind == .passphrase }),
           let key = try KeySlots.unwrap(slot, with: try header.hashing.key(for: secret, salt: header.salt), in: header) {
            return key
        }
        var notes = "a forgotten passphrase: give the recovery key printed when the ledger was encrypted instead"
        if reading == .typo { notes = "if that was the recovery key, it has a typo: its check letters do not match" }
        throw LedgerError(.wrongPassphrase, "the passphrase does not open the encrypted ledger at \(path)", detail: notes)
    }

    /// Writes `plain` (the database image) as this ledger's file: a new file beside it, flushed,
    /// then renamed into place (or linked, never replacing, with `.onlyIfAbsent`).
    func write(_ plain: UnsafeRawBufferPointer, placement: AtomicFile.Placement = .replacing,
               progress: ((Int, Int) -> Void)? = nil) throws(LedgerError) {
        let header = self.header
        let key = dataKey
        try AtomicFile.write(path, placement) { (fd) throws(LedgerError) in
            try FileBytes.write(fd, header.encoded, path: path)
            try SealedBody.write(plain, key: key, chunkSize: header.chunkSize, associatedData: header.identity,
                                 to: fd, path: path, progress: progress)
        }
    }

    /// Gives the encrypted ledger at `path` a new passphrase: `current` (the passphrase or the
    /// recovery key) must open it. Only the header changes: the body is copied as it is, never
    /// decrypted, into a new file that replaces the old one whole (a crash leaves one or the
    /// other). The recovery key keeps working.
    static func changePassphrase(at path: String, current: SecretBytes, new: SecretBytes, hashing: PassphraseHashing,
                                 progress: ((Int, Int) -> Void)? = nil) throws(LedgerError) {
        let opened = try open(at: path) { () throws(LedgerError) in current }
        defer { close(opened.fd) }
        var header = opened.file.header
        header.hashing = hashing
        header.salt = randomBytes(16)
        let slot = KeySlots.wrap(opened.file.dataKey, with: try hashing.key(for: new, salt: header.salt), kind: .passphrase, in: header)
        header.slots = [slot] + header.slots.filter { $0.kind != .passphrase }
        try AtomicFile.write(path, .replacing) { (fd) throws(LedgerError) in
            try FileBytes.write(fd, header.encoded, path: path)
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var copied = 0
            while copied < opened.bodyLength {
                let want = min(buffer.count, opened.bodyLength - copied)
                let got = try FileBytes.withMutableBytes(&buffer) { (b) throws(LedgerError) in
                    Int(try FileBytes.read(opened.fd, into: b.baseAddress!, count: want, path: path))
                }
                guard got == want else { throw LedgerError(.damaged, "the encrypted ledger at \(path) changed while its passphrase was being changed") }
                try FileBytes.withBytes(buffer) { (b) throws(LedgerError) in try FileBytes.write(fd, UnsafeRawBufferPointer(rebasing: b.prefix(got)), path: path) }
                copied += got
                progress?(copied, opened.bodyLength)
            }
        }
    }

    private static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    private static func damage(_ path: String, _ problem: SealedHeader.Problem) -> LedgerError {
        switch problem {
        case .notSealed: return LedgerError(.storage, "the file at \(path) is not an encrypted My Money ledger")
        case .cutShort: return LedgerError(.damaged, "the encrypted ledger at \(path) is cut short inside its header: it was not read")
        case .newerFormat(let version):
            return LedgerError(.storage, "the encrypted ledger at \(path) was written by a newer version of mymoney (format \(version)); update mymoney to open it")
        case .damaged(let why):
            return LedgerError(.damaged, "the encrypted ledger at \(path) is damaged: its header fails its checks, so it was not read",
                               detail: "\(why); restore the file from a backup")
        }
    }
}
