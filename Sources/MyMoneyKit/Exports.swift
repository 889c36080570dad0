// The Kit's vocabulary: Core values, and the result types of the pure stages it composes
// (readers' results, rules, transfers, reconciliation, reports). The ledger's storage is not part
// of it: nothing of MyMoneyStore is visible to the Kit's users.
@_exported import MyMoneyCore
@_exported import MyMoneyImport
@_exported import MyMoneyRules
@_exported import MyMoneyTransfers
@_exported import MyMoneyReconcile
@_exported import MyMoneyReports
