import Testing
import Foundation
import MyMoneyTransfers

@Suite struct DebugProbe {
    @Test func probe() {
        let result = TransferMatcher().match(TransferMatchInput(transactions: StoryLedger.transactions, accounts: StoryLedger.accounts))
        print(TransferTableRenderer.render(result))
        print(TransferJSONRenderer.render(result))
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00")
        ledger.add(Ledger.savings, "2026-05-04", "100.00")
        ledger.add(Ledger.other, "2026-05-04", "100.00")
        ledger.add(Ledger.giro, "2026-06-10", "-60.00", payee: "Geldautomat", hint: "Wallet")
        ledger.add(Ledger.giro, "2026-04-01", "-502.50", memo: "Transfer to Joint")
        ledger.add(Ledger.other, "2026-04-02", "500.00", memo: "Transfer from Giro")
        print(TransferTableRenderer.render(ledger.match()))
    }
}
