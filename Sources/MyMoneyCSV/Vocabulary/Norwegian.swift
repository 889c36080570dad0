extension LanguageVocabulary {
    /// Norwegian: DNB, SpareBank 1, Nordea NO.
    static let norwegian = LanguageVocabulary(
        language: "Norwegian",
        headers: [
            // name                              role            strength
            ("bokføringsdato",                   .date,          3),
            ("dato",                             .date,          2),
            ("rentedato",                        .valueDate,     2),
            ("beløp",                            .amount,        3),
            ("ut fra konto",                     .debit,         2),
            ("uttak",                            .debit,         2),
            ("inn på konto",                     .credit,        2),
            ("innskudd",                         .credit,        2),
            ("mottaker",                         .payee,         3),
            ("betaler",                          .payee,         3),
            ("forklaring",                       .memo,          2),
            ("beskrivelse",                      .memo,          2),
            ("tekst",                            .memo,          2),
            ("saldo",                            .balance,       3),
            ("valuta",                           .currency,      3),
            ("kontonummer",                      .account,       3),
            ("gebyr",                            .fee,           3),
        ],
        debitWords: ["uttak", "ut"],
        creditWords: ["innskudd", "inn"],
        unbooked: ["reservert", "avvist"],
        labels: [
            ("kontonummer",                      .account,       .exact),
            ("periode",                          .period,        .exact),
            ("valuta",                           .currency,      .exact),
            ("inngående saldo",                  .opening,       .prefix),
            ("utgående saldo",                   .closing,       .prefix),
        ])
}
