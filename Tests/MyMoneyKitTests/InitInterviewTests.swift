import Foundation
import Testing
@testable import MyMoneyCLI
import MyMoneyKit

/// Answers given in advance, and what was said and asked.
final class ScriptedConversation: Conversation {
    var answers: [String]
    var shown: [String] = []
    init(_ answers: [String]) { self.answers = answers }
    func say(_ text: String) { shown.append(text) }
    func ask(_ question: String) -> String? {
        shown.append(question)
        return answers.isEmpty ? nil : answers.removeFirst()
    }
    var transcript: String { shown.joined(separator: "\n") }
}

@Suite("mymoney init questions")
struct InitInterviewTests {
    let defaults = InitDefaults(currency: .EUR, rulesFolder: "/home/alex/.config/mymoney/rules")

    func interview(_ answers: [String], given: InitAnswers = InitAnswers()) -> (InitAnswers?, ScriptedConversation) {
        let talk = ScriptedConversation(answers)
        return (InitInterview.run(given, defaults: defaults, workingFolder: "/home/alex/money", home: "/home/alex", talk), talk)
    }

    @Test func theFiveQuestionsInOrderFillTheSetup() throws {
        let (answers, talk) = interview(["usd", "Alex Morgan", "alex@example.org", "Girokonto:bank:EUR", "Wallet:cash", "", "rules", "y"])
        let result = try #require(answers)
        #expect(result.primaryCurrency == .USD)
        #expect(result.ownerName == "Alex Morgan")
        #expect(result.ownerEmail == "alex@example.org")
        #expect(result.accounts.map(\.name) == ["Girokonto", "Wallet"])
        #expect(result.accounts.map(\.currency) == [.EUR, .USD])   // NAME:KIND takes the primary currency
        #expect(result.rulesFolder == "/home/alex/money/rules")
        #expect(result.encrypt == true)
        let steps = talk.shown.filter { $0.hasPrefix("\n") }.map { String($0.dropFirst().prefix(3)) }
        #expect(steps == ["1/5", "2/5", "3/5", "4/5", "5/5"])
        #expect(talk.answers.isEmpty)
    }

    @Test func enterTakesTheSuggestionsAndSkipsTheRest() throws {
        let (answers, _) = interview(["", "", "", "", "", ""])
        let result = try #require(answers)
        #expect(result == InitAnswers(primaryCurrency: .EUR, rulesFolder: "/home/alex/.config/mymoney/rules", encrypt: false))
    }

    @Test func wrongAnswersAreExplainedAndAskedAgain() throws {
        let (answers, talk) = interview(["EURO", "eur", "", "alex at home", "", "Girokonto:bank", "Girokonto:bank", "Visa:plastic:USD", "", "~/rules", "maybe", "n"])
        let result = try #require(answers)
        #expect(result.primaryCurrency == .EUR)
        #expect(result.ownerEmail == nil)
        #expect(result.accounts.map(\.name) == ["Girokonto"])
        #expect(result.rulesFolder == "/home/alex/rules")
        #expect(result.encrypt == false)
        #expect(talk.transcript.contains("\"EURO\" is not an ISO 4217 currency code"))
        #expect(talk.transcript.contains("\"alex at home\" does not look like an email address"))
        #expect(talk.transcript.contains("Girokonto is listed already"))
        #expect(talk.transcript.contains("\"plastic\" is not a kind of account"))
        #expect(talk.transcript.contains("answer y or n"))
    }

    @Test func questionsAFlagAnsweredAreNotAsked() throws {
        let given = InitAnswers(primaryCurrency: Currency(code: "CHF"), ownerName: "Alex", accounts: [], accountsGiven: true,
                                rulesFolder: "/srv/rules", encrypt: false)
        let (answers, talk) = interview([], given: given)
        #expect(answers == given)
        #expect(!talk.shown.contains { $0.contains("currency (") || $0.contains("account:") || $0.contains("encrypt [") })
    }

    @Test func anAccountNameKeepsItsOwnSpacesAndColons() throws {
        let account = try BooksSetup.account(parsing: " Giro: Main :bank: eur")
        #expect(account.name == "Giro: Main")
        #expect(account.kind == .bank)
        #expect(account.currency == .EUR)
        #expect(throws: BooksError.self) { _ = try BooksSetup.account(parsing: " :bank:EUR") }
    }

    @Test func endOfInputStopsWithNothingToCreate() {
        let (answers, _) = interview(["EUR", "Alex"])
        #expect(answers == nil)
    }

    @Test func theSummaryNamesTheNextStepsWithTheLedgerOption() {
        let answers = InitAnswers(primaryCurrency: .EUR, accounts: [Account(name: "US Checking", kind: .bank, currency: .USD)], rulesFolder: "/r")
        let text = InitSummary.text(path: "/x/l.sqlite", ledgerOption: " --ledger /x/l.sqlite", answers: answers, recoveryKey: nil, createdRulesFolder: true)
        #expect(text.contains("mymoney import ~/Downloads/statement.csv --ledger /x/l.sqlite"))
        #expect(text.contains("in /r/10-groceries.rules"))
        #expect(text.contains("mymoney reconcile --account \"US Checking\" --balance AMOUNT"))
        #expect(text.contains("rules folder: /r (created)"))
        #expect(!text.contains("Recovery key"))
    }
}
