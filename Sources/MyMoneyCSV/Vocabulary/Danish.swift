extension LanguageVocabulary {
    /// Danish: Danske Bank, Nordea DK, Jyske Bank, Lunar.
    static let danish = LanguageVocabulary(
        language: "Danish",
        headers: [
            // name                              role            strength
            ("bogføringsdato",                   .date,          3),
            ("dato",                             .date,          2),
            ("rentedato",                        .valueDate,     2),
            ("beløb",                            .amount,        3),
            ("hævning",                          .debit,         2),
            ("indbetaling",                      .credit,        2),
            ("modtager",                         .payee,         3),
            ("afsender",                         .payee,         3),
            ("navn",                             .payee,         3),
            ("beskrivelse",                      .memo,          2),
            ("tekst",                            .memo,          2),
            ("saldo",                            .balance,       3),
            ("valuta",                           .currency,      3),
            ("status",                           .status,        3),
            ("kontonummer",                      .account,       3),
            ("kategori",                         .category,      3),
            ("gebyr",                            .fee,           3),
        ],
        debitWords: ["hævning"],
        creditWords: ["indbetaling"],
        unbooked: ["reserveret", "afventer", "afvist"],
        labels: [
            ("kontonummer",                      .account,       .exact),
            ("konto",                            .account,       .exact),
            ("periode",                          .period,        .exact),
            ("valuta",                           .currency,      .exact),
            ("primosaldo",                       .opening,       .prefix),
            ("saldo primo",                      .opening,       .prefix),
            ("ultimosaldo",                      .closing,       .prefix),
            ("saldo ultimo",                     .closing,       .prefix),
            ("slutsaldo",                        .closing,       .prefix),
        ])
}
