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
        // One reader per format.
        .target(name: "MyMoneyCSV", dependencies: ["MyMoneyCore"]),
        .target(name: "MyMoneyOFX", dependencies: ["MyMoneyCore", "MyMoneyLibXML2"]),
        .target(name: "MyMoneyQIF", dependencies: ["MyMoneyCore"]),
        // Sniffing, the reader registry, transaction identity.
        .target(name: "MyMoneyImport",
                dependencies: ["MyMoneyCore", "MyMoneyCSV", "MyMoneyOFX", "MyMoneyQIF"]),
        // Pure stages over Core values.
        .target(name: "MyMoneyRules", dependencies: ["MyMoneyCore"]),
        .target(name: "MyMoneyTransfers", dependencies: ["MyMoneyCore"]),
        .target(name: "MyMoneyReconcile", dependencies: ["MyMoneyCore"]),
        // The SQLite ledger.
        .target(name: "MyMoneyStore", dependencies: ["MyMoneyCore", "MyMoneySQLite"]),
        .target(name: "MyMoneyReports",
                dependencies: ["MyMoneyCore", "MyMoneyTransfers", "MyMoneyReconcile"]),
        // Workflows a user runs, composed from the stages.
        .target(name: "MyMoneyKit",
                dependencies: ["MyMoneyCore", "MyMoneyImport", "MyMoneyRules", "MyMoneyTransfers",
                               "MyMoneyReconcile", "MyMoneyStore", "MyMoneyReports"]),
        .target(name: "MyMoneyCLI",
                dependencies: ["MyMoneyKit", "MyMoneyImport", "MyMoneyCSV", "MyMoneyRules", "MyMoneyTransfers",
                               "MyMoneyReconcile", "MyMoneyStore", "MyMoneyReports"]),
        .executableTarget(name: "mymoney", dependencies: ["MyMoneyCLI"]),
        .executableTarget(name: "mymoney-bench",
                         dependencies: ["MyMoneyKit", "MyMoneyCSV", "MyMoneyOFX", "MyMoneyQIF", "MyMoneyImport",
                                        "MyMoneyRules", "MyMoneyTransfers", "MyMoneyReconcile", "MyMoneyStore",
                                        "MyMoneyTestSupport"]),

        // Test data and helpers: the seeded generator, the corpus, synthetic ledgers (also for the bench).
        .target(name: "MyMoneyTestSupport", dependencies: ["MyMoneyCore", "MyMoneyTransfers", "MyMoneyReconcile"],
                path: "Tests/MyMoneyTestSupport"),
        .testTarget(name: "MyMoneyCoreTests", dependencies: ["MyMoneyCore", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyCSVTests", dependencies: ["MyMoneyCSV", "MyMoneyTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "MyMoneyOFXTests", dependencies: ["MyMoneyOFX", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyQIFTests", dependencies: ["MyMoneyQIF", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyImportTests", dependencies: ["MyMoneyImport", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyRulesTests", dependencies: ["MyMoneyRules", "MyMoneyTestSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "MyMoneyTransfersTests", dependencies: ["MyMoneyTransfers", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyReconcileTests", dependencies: ["MyMoneyReconcile", "MyMoneyTestSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "MyMoneyReportsTests", dependencies: ["MyMoneyReports", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyStoreTests", dependencies: ["MyMoneyStore", "MyMoneyTestSupport"]),
        .testTarget(name: "MyMoneyKitTests", dependencies: ["MyMoneyKit", "MyMoneyCLI", "MyMoneyTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
