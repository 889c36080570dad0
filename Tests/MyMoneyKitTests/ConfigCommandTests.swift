import Foundation
import Testing
import MyMoneyTestSupport

@Suite("mymoney config")
struct ConfigCommandTests {
    func ledger() -> String { MyMoneyBinary.scratch("config").appendingPathComponent("ledger.sqlite").path }

    @Test func setThenGetPrintsTheBareNormalizedValue() throws {
        let path = ledger()
        let set = try MyMoneyBinary.run(["config", "set", "primary-currency", "eur", "--ledger", path])
        #expect(set.status == 0, "\(set.stderr)")
        let get = try MyMoneyBinary.run(["config", "get", "primary-currency", "--ledger", path])
        #expect(get.status == 0)
        #expect(get.stdout == "EUR\n")
    }

    @Test func aSettingNotSetIsExitOneWithNothingOnStdout() throws {
        let get = try MyMoneyBinary.run(["config", "get", "owner.name", "--ledger", ledger()])
        #expect(get.status == 1)
        #expect(get.stdout.isEmpty)
    }

    @Test func jsonListsTheSettingsThatAreSet() throws {
        let path = ledger()
        _ = try MyMoneyBinary.run(["config", "set", "owner.name", "Alex Morgan", "--ledger", path])
        let run = try MyMoneyBinary.run(["config", "--format", "json", "--ledger", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["settings"] as? [String: String]) == ["owner.name": "Alex Morgan"])
    }

    @Test func unknownSettingsAndValuesAreBadDataNamingTheField() throws {
        let path = ledger()
        let value = try MyMoneyBinary.run(["config", "set", "primary-currency", "EURO", "--ledger", path])
        #expect(value.status == 65)
        #expect(value.stderr.contains("primary-currency should be an ISO 4217 code"))
        let key = try MyMoneyBinary.run(["config", "set", "colour", "red", "--ledger", path])
        #expect(key.status == 65)
        #expect(key.stderr.contains("there is no setting \"colour\""))
    }

    @Test func unsetRemovesTheValue() throws {
        let path = ledger()
        _ = try MyMoneyBinary.run(["config", "set", "tips", "OFF", "--ledger", path])
        #expect(try MyMoneyBinary.run(["config", "get", "tips", "--ledger", path]).stdout == "off\n")
        #expect(try MyMoneyBinary.run(["config", "unset", "tips", "--ledger", path]).status == 0)
        #expect(try MyMoneyBinary.run(["config", "get", "tips", "--ledger", path]).status == 1)
    }
}
