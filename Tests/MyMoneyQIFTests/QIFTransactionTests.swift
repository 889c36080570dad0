import Testing
import MyMoneyQIF

@Suite struct QIFTransactionTests {
    func one(_ fields: [String], header: String = "!Type:Bank") -> (StatementTransaction?, QIFDocument) {
        let document = readQIF([header] + fields + ["^"])
        return (document.transactions.first, document)
    }

    @Test func fieldsMapToTheTransaction() throws {
        let (t, document) = one(["D2024-01-05", "T-84.15", "N1042", "PCITY WATER", "MQ4 bill", "LUtilities:Water", "C*",
                                 "A12 Main St", "ASpringfield"])
        let transaction = try #require(t)
        #expect(document.diagnostics.isEmpty)
        #expect(transaction.day == day("2024-01-05"))
        #expect(transaction.amount == amount("-84.15"))
        #expect(transaction.checkNumber == "1042")
        #expect(transaction.payee == "CITY WATER")
        #expect(transaction.memo == "Q4 bill")
        #expect(transaction.category == "Utilities:Water")
        #expect(transaction.transferAccount == nil)
        #expect(transaction.extra("qif.cleared") == "cleared")
        #expect(transaction.extra.filter { $0.key == "qif.address" }.map(\.value) == ["12 Main St", "Springfield"])
        #expect(transaction.id == nil)
        #expect(transaction.position?.line == 2)
    }

    @Test(arguments: [("C*", "cleared"), ("Cc", "cleared"), ("CX", "reconciled"), ("CR", "reconciled"), ("C!", "budgeted"), ("C?", "budgeted")])
    func clearedStatusIsNamed(_ line: String, _ status: String) {
        #expect(one(["D2024-01-05", "T-1", line]).0?.extra("qif.cleared") == status)
    }

    @Test func blankClearedStatusAddsNothing() {
        #expect(one(["D2024-01-05", "T-1", "C"]).0?.extra.isEmpty == true)
    }

    @Test func bracketedCategoryIsATransferHint() {
        let t = one(["D2024-01-09", "T-300.00", "L[Savings]"]).0
        #expect(t?.transferAccount == "Savings")
        #expect(t?.category == nil)
    }

    @Test func classAfterSlashBecomesATag() {
        let t = one(["D2024-01-09", "T-3", "LAuto:Fuel/Business"]).0
        #expect(t?.category == "Auto:Fuel")
        #expect(t?.tags == ["Business"])
    }

    @Test func transferWithClass() {
        let t = one(["D2024-01-09", "T-3", "L[Savings]/Trip:Berlin"]).0
        #expect(t?.transferAccount == "Savings")
        #expect(t?.tags == ["Trip:Berlin"])
    }

    @Test func investmentCategoryAndTransferPair() {
        let t = one(["D2024-01-09", "NMiscExpX", "T25", "LFees/Broker|[Checking]/Home"], header: "!Type:Invst").0
        #expect(t?.category == "Fees")
        #expect(t?.transferAccount == "Checking")
        #expect(t?.tags == ["Broker", "Home"])
    }

    @Test func splitMarkerIsNoCategory() {
        #expect(one(["D2024-01-09", "T-3", "L--Split--", "SA", "$-3"]).0?.category == nil)
    }

    @Test func repeatedFieldLastWinsButAddressLinesAddUp() {
        let t = one(["D2024-01-09", "PFirst", "T-3", "PSecond", "AOne", "ATwo"]).0
        #expect(t?.payee == "Second")
        #expect(t?.extra.count == 2)
    }

    @Test func htmlAmpersandInPayeeIsDecoded() {
        #expect(one(["D2024-01-09", "T-3", "PB&amp;Q"]).0?.payee == "B&Q")
    }

    @Test func splitsKeepCategoryMemoAmountAndClass() throws {
        let (t, document) = one(["D2024-01-12", "T-120.00", "PHARDWARE STORE", "LHome:Repairs", "SHome:Repairs", "ELadder", "$-95.00",
                                 "SHome:Supplies/Garage", "$-25.00"])
        let transaction = try #require(t)
        #expect(document.diagnostics.isEmpty)
        #expect(transaction.splits == [
            StatementSplit(amount: amount("-95.00"), category: "Home:Repairs", memo: "Ladder"),
            StatementSplit(amount: amount("-25.00"), category: "Home:Supplies", tags: ["Garage"]),
        ])
    }

    @Test func splitToAnAccount() {
        let t = one(["D2024-01-09", "T-48.00", "S[My Cc]", "$-31.00", "Sfood:lunch", "$-17.00"]).0
        #expect(t?.splits.map(\.transferAccount) == ["My Cc", nil])
        #expect(t?.splits.map(\.category) == [nil, "food:lunch"])
    }

    @Test func splitsThatDoNotAddUpWarnNamingBothSums() throws {
        let (t, document) = one(["D2024-01-09", "T-100.00", "SA", "$-60.00", "SB", "$-30.00"])
        let warning = try #require(document.warnings.first)
        #expect(warning.code == "qif.split.sum")
        #expect(warning.message.contains("-90.00") && warning.message.contains("-100.00"))
        #expect(t?.amount == amount("-100.00"))
        #expect(t?.splits.count == 2)
    }

    @Test func splitsWithTheOppositeSignAreFlipped() {
        let (t, document) = one(["D2024-01-09", "T-100.00", "SA", "$60.00", "SB", "$40.00"])
        #expect(t?.splits.map(\.amount) == [amount("-60"), amount("-40")])
        #expect(document.codes() == ["qif.split.sign"])
    }

    @Test func splitPercentageWithoutAmount() {
        let t = one(["D2024-01-09", "T-80.00", "SA", "%25%", "SB", "%75"]).0
        #expect(t?.splits.map(\.amount) == [amount("-20"), amount("-60")])
    }

    @Test func dateInsideSplitsIsIgnoredForTheTransaction() {
        let document = readQIF(["!Type:Bank", "D2/10'2020", "T-100.00", "SFood", "D1/10'2020", "E50%", "$-100.00", "^"],
                               options: ReadOptions(dayOrder: .monthDayYear))
        let t = document.transactions.first
        #expect(t?.day == day("2020-02-10"))
        #expect(t?.splits.first?.memo == "50%")
    }

    @Test func splitAmountWithoutCategory() {
        let t = one(["D2024-01-09", "T-5", "$-5"]).0
        #expect(t?.splits == [StatementSplit(amount: amount("-5"))])
    }

    @Test func poundSignSplitAmount() {
        let t = one(["D2024-01-09", "T-5", "SA", "£-5"]).0
        #expect(t?.splits == [StatementSplit(amount: amount("-5"), category: "A")])
    }

    @Test func openingBalanceBecomesABalanceNotATransaction() throws {
        let document = readQIF(["!Account", "NEveryday", "TBank", "^", "!Type:Bank", "D1/ 2'24", "T1,250.00", "CX",
                                "POpening Balance", "L[Everyday]", "^", "D1/ 5'24", "T-84.15", "^", "D1/29'24", "T-300.00", "^"])
        let statement = try #require(document.statements.first)
        #expect(statement.transactions.count == 2)
        #expect(statement.balances.map(\.kind) == [.opening, .closing])
        #expect(statement.balances[0].amount == amount("1250.00"))
        #expect(statement.balances[0].day == day("2024-01-02"))
        #expect(statement.balances[1].amount == amount("865.85"))
        #expect(statement.balances[1].day == day("2024-01-29"))
    }

    @Test func openingBalanceNamesAnUnnamedAccount() {
        let document = readQIF(["!Type:Bank", "D2017-09-17", "T0.00", "POpening Balance", "L[Idea]", "^", "D2017-09-18", "T5", "^"])
        let statement = document.statements.first
        #expect(statement?.account.name == "Idea")
        #expect(statement?.extra.contains(StatementField("qif.account.nameSource", "opening-balance")) == true)
        #expect(statement?.transactions.count == 1)
    }

    @Test func recordNamingItsOwnAccountIsTheOpeningBalanceWhateverThePayee() {
        let document = readQIF(["!Account", "NWallet", "TCash", "^", "!Type:Cash", "D2024-01-01", "T40", "PStart", "L[Wallet]", "^"])
        #expect(document.statements.first?.balances.first?.kind == .opening)
        #expect(document.statements.first?.transactions.isEmpty == true)
    }

    @Test func openingBalanceLaterInTheBlockIsATransaction() {
        let document = readQIF(["!Type:Bank", "D2024-01-01", "T5", "PShop", "^", "D2024-01-02", "T40", "POpening Balance", "L[X]", "^"])
        #expect(document.transactions.count == 2)
    }

    @Test func noCurrencyUnlessGiven() throws {
        let lines = ["!Type:Bank", "D2024-01-01", "T40", "POpening Balance", "L[X]", "^"]
        #expect(readQIF(lines).statements.first?.account.currency == nil)
        let euro = try #require(Currency(code: "EUR"))
        let statement = readQIF(lines, options: ReadOptions(currency: euro)).statements.first
        #expect(statement?.account.currency == euro)
        #expect(statement?.balances.first?.currency == euro)
    }

    @Test func accountStatementBalanceIsALedgerBalance() {
        let document = readQIF(["!Account", "NVisa", "TCCard", "L5,000.00", "/12/31/24", "$-310.00", "^"])
        let statement = document.statements.first
        #expect(statement?.balances == [StatementBalance(kind: .ledger, amount: amount("-310.00"), day: day("2024-12-31"),
                                                         position: statement?.balances.first?.position)])
        #expect(statement?.extra.contains(StatementField("qif.account.creditLimit", "5,000.00")) == true)
    }

    @Test func missingDateIsAnErrorAndTheRecordIsSkipped() {
        let document = readQIF(["!Type:Bank", "T-1", "PNo date", "^", "D2024-01-01", "T-2", "^"])
        #expect(document.codes(.error) == ["qif.date.missing"])
        #expect(document.transactions.count == 1)
    }

    @Test func unknownFieldIsKeptWithANote() {
        let (t, document) = one(["D2024-01-01", "T-2", "ZMystery", "Freimbursable"])
        #expect(t?.extra == [StatementField("qif.Z", "Mystery"), StatementField("qif.F", "reimbursable")])
        #expect(document.codes() == ["qif.field.unknown"])
    }
}

@Suite struct QIFInvestmentTests {
    func cash(_ fields: [String]) -> (StatementTransaction?, QIFDocument) {
        let document = readQIF(["!Type:Invst"] + fields + ["^"])
        return (document.transactions.first, document)
    }

    @Test(arguments: [("Buy", "-1000.00"), ("Sell", "1000.00"), ("Div", "1000.00"), ("IntInc", "1000.00"),
                      ("MiscExp", "-1000.00"), ("ShrsIn", "0"), ("ReinvDiv", "0"), ("BuyX", "0"), ("SellX", "0"),
                      ("XIn", "1000.00"), ("XOut", "-1000.00"), ("ContribX", "1000.00"), ("WithdrwX", "-1000.00"),
                      ("Kauf", "-1000.00"), ("Verkauf", "1000.00")])
    func actionsGiveTheCashEffect(_ action: String, _ expected: String) {
        let (t, document) = cash(["D2024-01-01", "N" + action, "YACME", "T1,000.00"])
        #expect(t?.amount == amount(expected))
        #expect(t?.extra("qif.action") == action)
        #expect(t?.extra("qif.total") == "1,000.00")
        #expect(document.diagnostics.isEmpty)
    }

    @Test func cashActionKeepsItsSign() {
        #expect(cash(["D2024-01-01", "NCash", "T-12.00"]).0?.amount == amount("-12"))
    }

    @Test func buyWithoutTotalIsPriceTimesQuantityPlusCommission() {
        let t = cash(["D2/14'2020", "NBuy", "Y$AAPL", "I32.00", "Q376", "O10"]).0
        #expect(t?.amount == amount("-12042.00"))
        #expect(t?.extra("qif.security") == "$AAPL")
    }

    @Test func xActionKeepsTheTransferAccount() {
        let t = cash(["D2024-01-01", "NBuyX", "T100", "L[CHECKING]", "$100.00"]).0
        #expect(t?.transferAccount == "CHECKING")
        #expect(t?.extra("qif.transferAmount") == "100.00")
    }

    @Test func unknownActionKeepsTheSignWithWarning() {
        let (t, document) = cash(["D2024-01-01", "NFrobnicate", "T-7"])
        #expect(t?.amount == amount("-7"))
        #expect(document.codes(.warning) == ["qif.investment.action"])
    }

    @Test func investmentNumberIsTheActionNotACheckNumber() {
        #expect(cash(["D2024-01-01", "NDiv", "T7"]).0?.checkNumber == nil)
    }
}
