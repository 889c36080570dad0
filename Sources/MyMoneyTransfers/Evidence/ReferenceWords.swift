/// Words that introduce a reference rather than name someone (`REF 4471`, `Referenz: 7Q2K48`,
/// `Kenmerk 0032`, `EREF+…`).
///
/// A payee that is such a word plus a number names nobody: ``TextEvidenceReader`` takes neither
/// the word nor the reference after it as the payee head, so "a payee naming someone" does not
/// count against a leg whose payee is only a reference. A reference word followed by a name
/// (`Ref. 4471 Jane Doe`) still names Jane Doe.
enum ReferenceWords {
    /// The words, in any case; accents as written (the reader folds Latin-1 letters).
    static let words = [
        "REF", "REFNR", "REFNO", "REFERENCE", "REFERENZ", "REFERENZNR", "REFERENCIA", "REFERÊNCIA",
        "RÉFÉRENCE", "REFERENTIE", "KENMERK", "BETALINGSKENMERK", "RIF", "RIFERIMENTO",
        "EREF", "KREF", "MREF", "TRN", "TXN",
    ]

    /// Hashes of the folded words, as ``TextEvidenceReader`` hashes a token.
    static let hashes: Set<UInt64> = Set(words.map { TextEvidenceReader.hash(Array($0.utf8)) })
}
