import Testing
import MyMoneyQIF

@Suite struct QIFStructureTests {
    static let multiAccount = [
        "!Option:AutoSwitch", "!Account", "NEveryday", "TBank", "^", "NVisa", "TCCard", "^", "!Clear:AutoSwitch",
        "!Account", "NEveryday", "TBank", "^",
        "!Type:Bank", "D3/14'24", "T-10.00", "PShop", "^", "D3/ 5'24", "T-20.00", "PShop", "^",
        "!Account", "NVisa", "TCCard", "^",
        "!Type:CCard", "D3/ 6'24", "T-5.00", "PCafe", "^",
    ]

    @Test func multiAccountFileGivesOneStatementPerAccount() {
        let document = readQIF(QIFStructureTests.multiAccount)
        #expect(document.diagnostics.isEmpty)
        #expect(document.statements.map { $0.account.name } == ["Everyday", "Visa"])
        #expect(document.statements.map { $0.account.kind } == [.bank, .creditCard])
        #expect(document.statements.map { $0.transactions.count } == [2, 1])
        #expect(document.statements.map { $0.account.id } == ["Everyday", "Visa"])
        #expect(document.accounts.map(\.isListEntry) == [true, true, false, false])
    }

    @Test func autoSwitchListDeclaresWithoutSelecting() {
        // The list ends with Visa, but the selector after !Clear:AutoSwitch chose Everyday.
        let document = readQIF(Array(QIFStructureTests.multiAccount.prefix(18)))
        #expect(document.statements.first { $0.account.name == "Everyday" }?.transactions.count == 1)
        #expect(document.statements.first { $0.account.name == "Visa" }?.transactions.isEmpty == true)
    }

    @Test func autoSwitchNeverClearedAdoptsLastSeenAccount() {
        let document = readQIF(["!Option:AutoSwitch", "!Account", "NSavings", "TBank", "^", "!Type:Bank", "D2024-01-02", "T1", "^"])
        #expect(document.statements.map { $0.account.name } == ["Savings"])
        #expect(document.statements.first?.transactions.count == 1)
    }

    @Test func blocksOfTheSameAccountMerge() {
        let document = readQIF(["!Account", "NA", "TBank", "^", "!Type:Bank", "D2024-01-02", "T1", "^",
                                "!Type:Cat", "NFood", "^", "!Account", "NA", "TBank", "^", "!Type:Bank", "D2024-01-03", "T2", "^"])
        #expect(document.statements.count == 1)
        #expect(document.statements.first?.transactions.count == 2)
    }

    @Test func transactionsBeforeAnyAccountAreUnnamed() {
        let document = readQIF(["!Type:Bank", "D2024-01-02", "T1", "^"], options: ReadOptions(accountId: "checking"))
        let statement = document.statements.first
        #expect(statement?.account.name == nil)
        #expect(statement?.account.id == "checking")
        #expect(statement?.account.kind == .bank)
    }

    @Test(arguments: [("Bank", AccountKind.bank), ("Cash", .cash), ("CCard", .creditCard), ("Oth A", .asset),
                      ("Oth L", .liability), ("Invst", .investment), ("Port", .investment), ("Invoice", .asset),
                      ("Bill", .liability), ("Oth S", .asset)])
    func registerTypesMapToAccountKinds(_ type: String, _ kind: AccountKind) {
        let document = readQIF(["!Type:" + type, "D2024-01-02", "T1", "^"])
        #expect(document.statements.first?.account.kind == kind)
        #expect(document.statements.first?.account.bankType == type)
        #expect(document.warnings.isEmpty)
    }

    @Test func accountTypeWinsOverRegisterHeader() {
        let document = readQIF(["!Account", "NLoan", "TOth L", "^", "!Type:Bank", "D2024-01-02", "T1", "^"])
        #expect(document.statements.first?.account.kind == .liability)
    }

    @Test(arguments: ["!type bank", "!TYPE:BANK  ", "!Type: Bank", "!Type:bank\r"])
    func headerVariantsAreAccepted(_ header: String) {
        let document = readQIF([header, "D2024-01-02", "T1", "^"])
        #expect(document.diagnostics.isEmpty)
        #expect(document.statements.first?.account.kind == .bank)
    }

    @Test func unknownRegisterTypeIsReadAsBankWithWarning() throws {
        let document = readQIF(["!Type:Girokonto", "D2024-01-02", "T1", "^"])
        let warning = try #require(document.warnings.first)
        #expect(warning.code == "qif.header.unknown-type")
        #expect(warning.message.contains("Girokonto"))
        #expect(document.transactions.count == 1)
        #expect(document.statements.first?.account.kind == .bank)
    }

    @Test func unknownHeaderSkipsItsRecordsWithWarning() {
        let document = readQIF(["!Type:Bank", "D2024-01-02", "T1", "^", "!Frobnicate", "D2024-01-03", "T2", "^"])
        #expect(document.codes(.warning) == ["qif.header.unknown"])
        #expect(document.transactions.count == 1)
    }

    @Test func memorizedTransactionsAreSkippedWithNote() {
        let document = readQIF(["!Type:Memorized", "T-50.00", "PJoe Hayes", "KC", "^", "!Type:Bank", "D2024-01-02", "T1", "^"])
        #expect(document.codes(.note) == ["qif.memorized"])
        #expect(document.codes(.error).isEmpty && document.codes(.warning).isEmpty)
        #expect(document.transactions.count == 1)
    }

    @Test func categoryAndClassListsAreExposed() throws {
        let document = readQIF(["!Type:Cat", "NIncome:Salary", "DMonthly pay", "TTrue", "I", "B1000", "RSchedule B", "^",
                                "NFood", "E", "TFalse", "^", "!Type:Class", "NBusiness", "DWork things", "^",
                                "!Type:Bank", "D2024-01-02", "T1", "^"])
        let salary = try #require(document.categories.first)
        #expect(salary == QIFCategory(name: "Income:Salary", description: "Monthly pay", isIncome: true, isTaxRelated: true,
                                      budget: "1000", taxSchedule: "Schedule B", position: salary.position))
        #expect(salary.position?.line == 2)
        #expect(document.categories.last?.isIncome == false)
        #expect(document.categories.last?.isTaxRelated == false)
        #expect(document.classes == [QIFClass(name: "Business", description: "Work things", position: document.classes.first?.position)])
        let extra = document.statements.first?.extra ?? []
        #expect(extra.filter { $0.key == "qif.category" }.map(\.value) == ["Income:Salary", "Food"])
        #expect(extra.filter { $0.key == "qif.class" }.map(\.value) == ["Business"])
    }

    @Test func categoryWithoutKindInheritsItsParent() {
        let document = readQIF(["!Type:Cat", "NWages", "I", "^", "NWages:Bonus", "^", "NCar", "^"])
        #expect(document.categories.map(\.isIncome) == [true, true, false])
        #expect(document.statements.isEmpty && document.diagnostics.isEmpty)
    }

    @Test func securitiesAreKeptAsInformation() {
        let document = readQIF(["!Type:Security", "NApple", "SAAPL", "TStock", "GGrowth", "^"])
        #expect(document.securities.map(\.symbol) == ["AAPL"])
        #expect(document.securities.first?.goal == "Growth")
    }

    @Test func crOnlyLineEndings() {
        let document = readQIF(bytes: Array("!Type:Bank\rD2024-01-02\rT1.50\r^\r".utf8))
        #expect(document.transactions.first?.amount == amount("1.50"))
    }

    @Test func crlfLineEndings() {
        let document = readQIF(bytes: Array("!Type:Bank\r\nD2024-01-02\r\nPShop\r\nT1.50\r\n^\r\n".utf8))
        #expect(document.transactions.first?.payee == "Shop")
        #expect(document.diagnostics.isEmpty)
    }

    @Test func byteOrderMarkIsStripped() {
        let document = readQIF(bytes: [0xEF, 0xBB, 0xBF] + Array("!Type:Bank\nD2024-01-02\nT1\n^\n".utf8))
        #expect(document.transactions.count == 1)
    }

    @Test func windows1252PayeeIsDecoded() {
        let bytes = Array("!Type:Bank\nD2024-01-02\nPCaf".utf8) + [0xE9] + Array("\nT-3\n^\n".utf8)
        let document = readQIF(bytes: bytes)
        #expect(document.transactions.first?.payee == "Café")
        #expect(document.statements.first?.source.encoding == "windows-1252")
    }

    @Test func lastRecordWithoutCaretIsKept() {
        let document = readQIF(["!Type:Bank", "D2024-01-02", "T1", "^", "D2024-01-03", "T2"])
        #expect(document.transactions.count == 2)
    }

    @Test func commentLinesAndEmptyRecordsAreIgnored() {
        let document = readQIF(["### exported by hand", "!Type:Bank", "^", "", "D2024-01-02", "T1", "^", "^"])
        #expect(document.transactions.count == 1)
        #expect(document.diagnostics.isEmpty)
    }

    @Test func fieldsBeforeAnyHeaderAreSkippedWithWarning() {
        let document = readQIF(["!Option:AllXfr", "D2024-01-02", "T1", "^", "!Type:Bank", "D2024-01-02", "T2", "^"])
        #expect(document.codes(.warning) == ["qif.field.outside-section"])
        #expect(document.transactions.count == 1)
    }

    @Test func emptyFileIsAnError() {
        #expect(readQIF(bytes: []).codes() == ["qif.empty"])
        #expect(readQIF(bytes: Array("\n  \n".utf8)).codes() == ["qif.empty"])
    }

    @Test func textThatIsNotQIFIsAnError() throws {
        let document = readQIF(["Date,Amount", "2024-01-02,1.00"])
        let error = try #require(document.errors.first)
        #expect(error.code == "qif.header.missing")
        #expect(error.message.contains("Date,Amount"))
        #expect(document.statements.isEmpty)
    }

    @Test func binaryDataIsAnEncodingError() {
        #expect(readQIF(bytes: [0x21, 0x54, 0x00, 0x01, 0x02]).codes() == ["qif.encoding"])
    }

    @Test func recognizesQIFByContentNotByName() {
        let reader = QIFReader()
        #expect(reader.recognition(of: Array("!Type:Bank\nD1/1/24\n".utf8), fileName: "x.txt") >= 90)
        #expect(reader.recognition(of: Array("\n!Account\nNA\n".utf8), fileName: "x") >= 90)
        #expect(reader.recognition(of: Array("^\n!Type:Security\n".utf8), fileName: "x.qif") >= 90)
        #expect(reader.recognition(of: Array("!Option:AutoSwitch\n".utf8), fileName: "x") >= 90)
        #expect(reader.recognition(of: Array("Date,Amount\n".utf8), fileName: "x.qif") == 0)
        #expect(reader.recognition(of: Array("<OFX>".utf8), fileName: "x.qif") == 0)
        #expect(reader.recognition(of: [], fileName: "x.qif") == 0)
        #expect(reader.format == "qif")
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("!Type:Bank\n".utf8).flatMap { [$0, 0] }
        #expect(reader.recognition(of: utf16, fileName: "x") >= 90)
        #expect(readQIF(bytes: utf16 + Array("D2024-01-02\nT1\n^\n".utf8).flatMap { [$0, 0] }).transactions.count == 1)
    }
}
