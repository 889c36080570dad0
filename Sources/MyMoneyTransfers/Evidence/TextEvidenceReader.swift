/// Reads payees and memos into ``TextEvidence``: transfer words, mentions of the user's accounts
/// (name, full number, last four digits), currency codes and merchant signs.
///
/// Built once per match from the vocabulary and the accounts; reading is a single pass over the
/// UTF-8 bytes with a 64-bit hash per token, no allocation.
///
/// - Complexity: O(n) in the text's length.
struct TextEvidenceReader: Sendable {
    private var words: [UInt64: Int] = [:]          // token or two-token hash → vocabulary index
    private var stems: [UInt64: Int] = [:]          // prefix hash → vocabulary index
    private var stemLengths: [Bool] = []            // stemLengths[n]: some stem is n bytes long
    private var names: [UInt64: [Int]] = [:]        // hash of an account name's tokens → account indices
    private var numbersByLastFour: [Int: [(account: Int, digits: [UInt8])]] = [:]
    private var currencies: [UInt64: Int] = [:]     // hash of a currency code → currency index
    private var referenceWords: Set<UInt64> = []    // ``ReferenceWords/hashes``
    /// Every hash the tables above hold (and a few more): the rest are never looked up.
    private var known: TokenFilter
    let vocabulary: [TransferWord]

    /// - Parameter filtering: false asks the tables about every token (the plain twin of ``TokenFilter``).
    init(accounts: [Account], currencies currencyList: [Currency], vocabulary: [TransferWord] = TransferVocabulary.words,
         filtering: Bool = true) {
        self.vocabulary = vocabulary
        known = TokenFilter(enabled: filtering)
        referenceWords = ReferenceWords.hashes
        var maxStem = 0
        for (index, word) in vocabulary.enumerated() {
            let tokens = TextEvidenceReader.tokens(of: word.text)
            guard !tokens.isEmpty else { continue }
            let hash = tokens.dropFirst().reduce(TextEvidenceReader.hash(tokens[0])) { TextEvidenceReader.combine($0, TextEvidenceReader.hash($1)) }
            if words[hash] == nil { words[hash] = index }
            if word.prefix, tokens.count == 1 {
                stems[hash] = index
                maxStem = max(maxStem, tokens[0].count)
            }
        }
        stemLengths = Array(repeating: false, count: maxStem + 1)
        for word in vocabulary where word.prefix {
            let n = TextEvidenceReader.fold(Array(word.text.utf8)).count
            if n < stemLengths.count { stemLengths[n] = true }
        }
        for (index, account) in accounts.enumerated() where index < 64 {
            let tokens = TextEvidenceReader.tokens(of: account.name)
            if !tokens.isEmpty, tokens.count <= 4, !(tokens.count == 1 && tokens[0].count < 3) {
                let hash = tokens.dropFirst().reduce(TextEvidenceReader.hash(tokens[0])) { TextEvidenceReader.combine($0, TextEvidenceReader.hash($1)) }
                names[hash, default: []].append(index)
            }
            for number in account.numbers {
                let digits = Array(number.utf8.filter { $0 >= 0x30 && $0 <= 0x39 })
                guard digits.count >= 4 else { continue }
                numbersByLastFour[TextEvidenceReader.lastFour(digits), default: []].append((index, digits))
            }
        }
        for (index, currency) in currencyList.enumerated() where index < 64 {
            currencies[TextEvidenceReader.hash(Array(currency.code.utf8))] = index
        }
        for hash in words.keys { known.insert(hash) }
        for hash in stems.keys { known.insert(hash) }
        for hash in names.keys { known.insert(hash) }
        for hash in currencies.keys { known.insert(hash) }
        for hash in referenceWords { known.insert(hash) }
    }

    /// The evidence in one field; `payee` says whether the first telling word is the payee head.
    func read(_ text: String?, payee: Bool, findings: UnsafeMutablePointer<TextFindings>? = nil) -> TextEvidence {
        guard var text, !text.isEmpty else { return TextEvidence() }
        return text.withUTF8 { read(bytes: $0, payee: payee, findings: findings) }
    }

    private func read(bytes: UnsafeBufferPointer<UInt8>, payee: Bool, findings: UnsafeMutablePointer<TextFindings>?) -> TextEvidence {
        var evidence = TextEvidence()
        var previous: UInt64 = 0, previous2: UInt64 = 0
        var previousStart = 0
        // Account numbers printed in groups (`DE02 1203 0000 0000 2020 51`): the current run of
        // short tokens one space apart.
        var group = NumberGroup()
        var payeeText: UInt64 = 0
        var afterReferenceWord = false // `REF 4471`: the token after a reference word is the reference
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            guard TextEvidenceReader.isTokenByte(b) else {
                if b == 0x23, i + 1 < n, TextEvidenceReader.isDigit(bytes[i + 1]) { // #10234
                    evidence.merchantLike = true
                    findings?.pointee.merchantSigns.append("store number")
                } else if b == 0x2A, i > 0 { // MKTPL*2K4LM, SQ *SHOP
                    var j = i + 1
                    if j < n, bytes[j] == 0x20 { j += 1 }
                    if j < n, TextEvidenceReader.isTokenByte(bytes[j]) {
                        evidence.merchantLike = true
                        findings?.pointee.merchantSigns.append("merchant code")
                    }
                }
                i += 1
                continue
            }
            // One token: hash the folded bytes, checking stems at their lengths on the way.
            let start = i
            var hash: UInt64 = TextEvidenceReader.offsetBasis
            var length = 0
            var stemHit = -1
            var allDigits = true
            var trailingDigits = 0
            var letters = 0
            while i < n, TextEvidenceReader.isTokenByte(bytes[i]) {
                let folded = TextEvidenceReader.foldByte(bytes, i)
                hash = (hash ^ UInt64(folded)) &* TextEvidenceReader.prime
                length += 1
                if TextEvidenceReader.isDigit(folded) {
                    trailingDigits += 1
                } else {
                    allDigits = false
                    trailingDigits = 0
                    if folded < 0x80 { letters += 1 } else if folded & 0xC0 == 0xC0 { letters += 1 }
                }
                if stemHit < 0, length < stemLengths.count, stemLengths[length], known.mayHold(hash), let s = stems[hash] { stemHit = s }
                i += 1
            }
            let held = known.mayHold(hash)
            var hit = held ? words[hash] ?? -1 : -1
            var hitStart = start
            let pair = previous != 0 ? TextEvidenceReader.combine(previous, hash) : 0
            let pairHeld = previous != 0 && known.mayHold(pair)
            if pairHeld, let two = words[pair] { hit = two; hitStart = previousStart }
            if hit < 0 { hit = stemHit }
            if hit >= 0 {
                let word = vocabulary[hit]
                evidence.kinds |= TextEvidence.bit(word.kind)
                if word.kind == .merchant { evidence.merchantLike = true }
                if findings != nil {
                    findings?.pointee.words.append((word, String(decoding: UnsafeBufferPointer(rebasing: bytes[hitStart..<i]), as: UTF8.self)))
                }
            }
            if held, let accounts = names[hash] { mention(accounts, &evidence, findings) }
            if pairHeld, let accounts = names[pair] { mention(accounts, &evidence, findings) }
            if previous2 != 0 {
                let triple = TextEvidenceReader.combine(TextEvidenceReader.combine(previous2, previous), hash)
                if known.mayHold(triple), let accounts = names[triple] { mention(accounts, &evidence, findings) }
            }
            if held, length == 3, letters == 3, let currency = currencies[hash] {
                evidence.mentionedCurrencies |= 1 << UInt64(currency)
                findings?.pointee.currencies.append(currency)
            }
            let storeNumber = start > 0 && bytes[start - 1] == 0x23 // #3000 is a shop's number, not an account's
            var inGroup = false
            if length <= 4, group.tokens > 0, group.end == start - 1, bytes[start - 1] == 0x20, !storeNumber {
                group.end = start + length
                group.tokens += 1
                group.digits += length - letters
                inGroup = true
            } else {
                close(&group, bytes, &evidence, findings)
                if length <= 4, !storeNumber { group = NumberGroup(start: start, end: start + length, tokens: 1, digits: length - letters) }
            }
            if trailingDigits >= 4, allDigits || length - trailingDigits <= 4 || TextEvidenceReader.isMask(bytes, start, start + length - trailingDigits),
               !storeNumber, !inGroup {
                let digits = UnsafeBufferPointer(rebasing: bytes[(start + length - trailingDigits)..<(start + length)])
                mentionNumber(digits, &evidence, findings)
            }
            let referenceWord = payee && evidence.payeeHead == 0 && held && referenceWords.contains(hash)
            let reference = afterReferenceWord && letters < length
            if payee, evidence.payeeHead == 0, !allDigits, letters >= 3, !referenceWord, !reference,
               hit < 0 || vocabulary[hit].kind == .merchant {
                evidence.payeeHead = hash
            }
            afterReferenceWord = referenceWord
            if payee { payeeText = TextEvidenceReader.combine(payeeText, hash) }
            previous2 = previous
            previous = hash
            previousStart = start
        }
        close(&group, bytes, &evidence, findings)
        if payee { evidence.payeeText = payeeText }
        return evidence
    }

    private func mention(_ accounts: [Int], _ evidence: inout TextEvidence, _ findings: UnsafeMutablePointer<TextFindings>?) {
        for account in accounts {
            evidence.mentionedAccounts |= 1 << UInt64(account)
            findings?.pointee.accounts.append(account)
        }
    }

    /// A run of short tokens one space apart (`DE02 1203 0000 0000 2020 51`).
    struct NumberGroup {
        var start = 0, end = -2, tokens = 0, digits = 0
    }

    /// Ends a run of short tokens: three or more with six digits or more are read as one number.
    private func close(_ group: inout NumberGroup, _ bytes: UnsafeBufferPointer<UInt8>, _ evidence: inout TextEvidence,
                       _ findings: UnsafeMutablePointer<TextFindings>?) {
        if group.tokens >= 3, group.digits >= 6 { mentionGroupedNumber(bytes, group.start, group.end, &evidence, findings) }
        group.tokens = 0
    }

    /// A number printed in groups between `start` and `end`: its digits, read as one number.
    private func mentionGroupedNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ evidence: inout TextEvidence,
                                      _ findings: UnsafeMutablePointer<TextFindings>?) {
        let digits = (start..<end).map { bytes[$0] }.filter(TextEvidenceReader.isDigit)
        guard digits.count >= 6 else { return }
        digits.withUnsafeBufferPointer { mentionNumber($0, &evidence, findings) }
    }

    /// The bytes `start..<end` mask a number's leading digits (`XXXXXXXX` in `XXXXXXXX4321`, `****`).
    static func isMask(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end > start else { return false }
        for k in start..<end where bytes[k] | 0x20 != 0x78 { return false }
        return true
    }

    private func mentionNumber(_ digits: UnsafeBufferPointer<UInt8>, _ evidence: inout TextEvidence,
                               _ findings: UnsafeMutablePointer<TextFindings>?) {
        guard let candidates = numbersByLastFour[TextEvidenceReader.lastFour(digits)] else { return }
        for (account, number) in candidates {
            let matches: Bool
            if digits.count == 4 {
                matches = true
            } else if digits.count >= 6 {
                matches = number.count >= digits.count ? number.suffix(digits.count).elementsEqual(digits)
                    : digits.suffix(number.count).elementsEqual(number)
            } else {
                matches = false
            }
            if matches {
                evidence.mentionedAccounts |= 1 << UInt64(account)
                findings?.pointee.accounts.append(account)
            }
        }
    }

    // MARK: bytes

    static let offsetBasis: UInt64 = 0xcbf29ce484222325
    static let prime: UInt64 = 0x100000001b3

    static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
        (a &* 0x9E3779B97F4A7C15) ^ (b &+ 0x632BE59BD9B4E019 &+ (a << 6) &+ (a >> 2))
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Letters, digits and every byte of a non-ASCII character.
    static func isTokenByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b >= 0x80
    }

    /// Upper-cases ASCII letters and the Latin-1 letters à…þ (the second byte after 0xC3).
    static func foldByte(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt8 {
        let b = bytes[i]
        if b >= 0x61 && b <= 0x7A { return b - 0x20 }
        if b >= 0xA0 && b <= 0xBE && b != 0xB7 && i > 0 && bytes[i - 1] == 0xC3 { return b - 0x20 }
        return b
    }

    static func fold(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buffer in (0..<buffer.count).map { foldByte(buffer, $0) } }
    }

    static func hash(_ token: [UInt8]) -> UInt64 {
        var hash = offsetBasis
        token.withUnsafeBufferPointer { buffer in
            for i in 0..<buffer.count { hash = (hash ^ UInt64(foldByte(buffer, i))) &* prime }
        }
        return hash
    }

    /// The folded tokens of a text (used for vocabulary entries and account names).
    static func tokens(of text: String) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        let bytes = fold(Array(text.utf8))
        for b in bytes {
            if isTokenByte(b) { current.append(b) } else if !current.isEmpty { result.append(current); current = [] }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    static func lastFour<C: Collection>(_ digits: C) -> Int where C.Element == UInt8 {
        digits.suffix(4).reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
