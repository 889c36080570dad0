#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A conversion of one multi-byte legacy encoding (Shift_JIS, GB18030, Big5, EUC-KR) to UTF-8
/// through the C library's `iconv` (glibc's gconv modules, part of Debian's `libc6`).
///
/// Strict: a byte sequence the encoding does not define stops the conversion with its offset,
/// never a replacement character. Foundation on Linux reads Shift_JIS but none of the others.
/// A class because it owns the `iconv_t` handle, closed in `deinit`; not `Sendable` (one
/// conversion at a time).
final class IconvConverter {
    private let handle: iconv_t

    /// Nil when the C library cannot convert from `encoding`.
    init?(from encoding: TextEncoding) {
        guard let h = iconv_open("UTF-8", encoding.iconvName), Int(bitPattern: h) != -1 else { return nil }
        handle = h
    }

    deinit { iconv_close(handle) }

    /// The UTF-8 text of `bytes`.
    ///
    /// - Throws: ``TextDecodingError`` at the first byte that does not read (or a sequence cut off at the end).
    func convert(_ bytes: [UInt8], encoding: TextEncoding) throws(TextDecodingError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: bytes.count * 2 + 16)
        var written = 0
        var consumed = 0
        var failure: TextDecodingError?
        var input = bytes
        input.withUnsafeMutableBufferPointer { inBuffer in
            while consumed < inBuffer.count {
                if output.count - written < 64 { output += [UInt8](repeating: 0, count: output.count) }
                let (inLeftAfter, outUsed, error) = output.withUnsafeMutableBufferPointer { outBuffer -> (Int, Int, Int32) in
                    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress! + consumed)
                        .assumingMemoryBound(to: CChar.self)
                    var inLeft = inBuffer.count - consumed
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress! + written)
                        .assumingMemoryBound(to: CChar.self)
                    var outLeft = outBuffer.count - written
                    let start = outLeft
                    let result = iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
                    return (inLeft, start - outLeft, result == -1 ? errno : 0)
                }
                consumed = inBuffer.count - inLeftAfter
                written += outUsed
                if error == 0 { break }
                if error == E2BIG { continue }
                let at = consumed
                let shown = at < inBuffer.count ? "byte 0x" + String(inBuffer[at], radix: 16, uppercase: true) : "a sequence cut off at the end"
                failure = TextDecodingError(reason: "invalid \(encoding.rawValue) (\(shown))", offset: at)
                return
            }
        }
        if let failure { throw failure }
        output.removeSubrange(written...)
        return output
    }
}
