// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyMoney",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "mymoney", targets: ["mymoney"]),
        .executable(name: "mymoney-bench", targets: ["mymoney-bench"]),
        .library(name: "MyMoneyKit", targets: ["MyMoneyKit"]),
    ],
    targets: [
        // Exact money, days, statements, diagnostics, text decoding.
        .target(name: "MyMoneyCore"),
        // C libraries from Debian packages, wrapped as system library targets.
        .systemLibrary(name: "MyMoneyLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "MyMoneySQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        // Argon2id and XChaCha20-Poly1305 for encrypted ledgers (the store only).
        .systemLibrary(name: "MyMoneySodium", pkgConfig: "libsodium",
                       providers: [.apt(["libsodium-dev"])]),
        // One reader per format.
        .target(name: "MyMoneyCSV", dependencies: ["MyMoneyCore"]),
        .target(name: "MyMoneyOFX", dependencies: ["MyMoneyCore", "MyMoneyLibXML2"]),
        .target(name: "MyMoneyQIF", dependencies: ["MyMoneyCore"]),
        .target(name: "MyMoneyCAMT", dependencies: ["MyMoneyCore", "MyMoneyLibXML2"]),
        .target(name: "MyMoneyMT940", dependencies: ["MyMoneyCore"]),
        // Finding input files, the standard reader registry, sniffing, transaction identity.
        .target(name: "MyMoneyImport",
                dependencies: ["MyMoneyCore", "MyMoneyCSV", "MyMoneyOFX", "MyMoneyQIF", "MyMoneyCAMT", "MyMoneyMT940"]),
        // Pure stages over Core values.
        .target(name: "MyMoneyRules", dependencies: ["MyMoneyCore"]),
        .target(name: "MyMoneyTransfers", dependencies: ["MyMoneyCore"]),
        .target(name: "MyMoneyReconcile", dependencies: ["MyMoneyCore"]),
        // The SQLite ledger.
        .target(name: "MyMoneyStore", dependencies: ["MyMoneyCore", "MyMoneyImport", "MyMoneySQLite", "MyMoneySodium"]),
        .target(name: "MyMoneyReports",
                dependencies: ["MyMoneyCore", "MyMoneyTransfers", "MyMoneyReconcile"]),
        // Workflows a user runs, composed from the stages.
        .target(name: "MyMoneyKit",
                dependencies: ["MyMoneyCore", "MyMoneyImport", "MyMoneyRules", "MyMoneyTransfers",
                               "MyMoneyReconcile", "MyMoneyStore", "MyMoneyReports"]),
        // The command line reaches the books through the Kit only (the Kit re-exports Core and the
        // stages' result types; the store is not visible from here).
        .target(name: "MyMoneyCLI", dependencies: ["MyMoneyKit", "MyMoneyCore"]),
        .executableTarget(name: "mymoney", dependencies: ["MyMoneyCLI"]),
        .executableTarget(name: "mymoney-bench",
                         dependencies: ["MyMoneyKit", "MyMoneyCSV", "MyMoneyOFX", "MyMoneyQIF", "MyMoneyImport",
                                        "MyMoneyRules", "MyMoneyTransfers", "MyMoneyReconcile", "MyMoneyStore",
                                         "MyMoneyCAMT", "MyMoneyMT940", "MyMoneyTestSupport"]),

        // Fuzzing (scripts/fuzz.sh, README "Fuzzing"): what each target does with an input lives in
        // MyMoneyFuzz; each Fuzz* executable is a libFuzzer entry when built with -DMYMONEY_FUZZ and a
        // replay tool (`FuzzCSV FILE…`) otherwise.
        .target(name: "MyMoneyFuzz",
                dependencies: ["MyMoneyImport", "MyMoneyCSV", "MyMoneyOFX", "MyMoneyQIF", "MyMoneyRules"]),
        .executableTarget(name: "FuzzCSV", dependencies: ["MyMoneyFuzz"]),
        .executableTarget(name: "FuzzOFXSGML", dependencies: ["MyMoneyFuzz"]),
        .executableTarget(name: "FuzzOFXXML", dependencies: ["MyMoneyFuzz"]),
        .executableTarget(name: "FuzzQIF", dependencies: ["MyMoneyFuzz"]),
        .executableTarget(name: "FuzzSniffer", dependencies: ["MyMoneyFuzz"]),
        .executableTarget(name: "FuzzRules", dependencies: ["MyMoneyFuzz"]),

        // Test data and helpers: the seeded generator, the corpus, synthetic ledgers (also for the bench).
        .target(name: "MyMoneyTestSupport", dependencies: ["MyMoneyCore", "MyMoneyTransfers", "MyMoneyReconcile"],
                path: "Tests/MyMoneyTestSupport"),
        .testTarget(name: "MyMoneyCoreTests", dependencies: ["MyMoneyCore", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyBenchTests", dependencies: ["mymoney-bench"]),
        .testTarget(name: "MyMoneyCSVTests", dependencies: ["MyMoneyCSV", "MyMoneyTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "MyMoneyOFXTests", dependencies: ["MyMoneyOFX", "MyMoneyTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MyMoneyQIFTests", dependencies: ["MyMoneyQIF", "MyMoneyTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MyMoneyCAMTTests", dependencies: ["MyMoneyCAMT", "MyMoneyImport", "MyMoneyOFX", "MyMoneyQIF", "MyMoneyCSV",
                                                           "MyMoneyTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "MyMoneyMT940Tests", dependencies: ["MyMoneyMT940", "MyMoneyImport", "MyMoneyOFX", "MyMoneyQIF", "MyMoneyCSV",
                                                             "MyMoneyTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "MyMoneyImportTests", dependencies: ["MyMoneyImport", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyRulesTests", dependencies: ["MyMoneyRules", "MyMoneyTestSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "MyMoneyTransfersTests", dependencies: ["MyMoneyTransfers", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyReconcileTests", dependencies: ["MyMoneyReconcile", "MyMoneyTestSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "MyMoneyReportsTests", dependencies: ["MyMoneyReports", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyStoreTests", dependencies: ["MyMoneyStore", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyFuzzTests", dependencies: ["MyMoneyFuzz", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyKitTests", dependencies: ["MyMoneyKit", "MyMoneyCLI", "MyMoneyStore", "MyMoneyTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
