extension LanguageVocabulary {
    /// Swedish: Swedbank, SEB, Handelsbanken, Nordea SE.
    static let swedish = LanguageVocabulary(
        language: "Swedish",
        headers: [
            // name                              role            strength
            ("bokföringsdag",                    .date,          3),
            ("bokföringsdatum",                  .date,          3),
            ("reskontradatum",                   .date,          3),
            ("transaktionsdag",                  .date,          1),
            ("transaktionsdatum",                .date,          1),
            ("valutadag",                        .valueDate,     2),
            ("belopp",                           .amount,        3),
            ("uttag",                            .debit,         2),
            ("insättning",                       .credit,        2),
            ("mottagare",                        .payee,         3),
            ("text/mottagare",                   .payee,         3),
            ("mottagare/avsändare",              .payee,         3),
            ("avsändare",                        .payee,         3),
            ("meddelande",                       .memo,          3),
            ("beskrivning",                      .memo,          2),
            ("saldo efter",                      .balance,       3),
            ("behållning",                       .balance,       3),
            ("bokfört saldo",                    .balance,       3),
            ("valuta",                           .currency,      3),
            ("transaktionstyp",                  .type,          3),
            ("kontonummer",                      .account,       3),
            ("avgift",                           .fee,           3),
        ],
        debitWords: ["uttag"],
        creditWords: ["insättning"],
        unbooked: ["reserverat", "reserverad", "väntande", "nekad"],
        labels: [
            ("kontonummer",                      .account,       .exact),
            ("konto",                            .account,       .exact),
            ("period",                           .period,        .exact),
            ("valuta",                           .currency,      .exact),
            ("ingående saldo",                   .opening,       .prefix),
            ("utgående saldo",                   .closing,       .prefix),
        ])
}
