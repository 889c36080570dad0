import MyMoneyStore

extension Books {
    /// The value of `setting`, nil when it is not set.
    public func value(of setting: LedgerSetting) throws(BooksError) -> String? {
        try store { () throws(LedgerError) in try ledger.setting(setting.key) }
    }

    /// Every setting with its value (nil when not set), in ``LedgerSetting/all`` order.
    public func settings() throws(BooksError) -> [(setting: LedgerSetting, value: String?)] {
        let stored = try store { () throws(LedgerError) in try ledger.settings() }
        return LedgerSetting.all.map { ($0, stored[$0.key]) }
    }

    /// Sets `setting` to `text` (checked and normalized: `eur` is stored as `EUR`), or clears it when nil.
    ///
    /// - Throws: ``BooksError`` `invalid` naming the setting and the values it takes.
    @discardableResult
    public func set(_ setting: LedgerSetting, to text: String?) throws(BooksError) -> String? {
        var value: String?
        if let text {
            guard let normalized = setting.normalize(text) else {
                throw BooksError(.invalid, "\(setting.key) should be \(setting.values), not \"\(text)\"")
            }
            value = normalized
        }
        try store { () throws(LedgerError) in try ledger.setSetting(setting.key, to: value) }
        return value
    }

    /// The setting called `key`.
    ///
    /// - Throws: ``BooksError`` `notFound` listing the settings there are.
    public static func setting(named key: String) throws(BooksError) -> LedgerSetting {
        guard let setting = LedgerSetting.named(key) else {
            throw BooksError(.notFound, "there is no setting \"\(key)\" (settings: \(LedgerSetting.all.map(\.key).joined(separator: ", ")))")
        }
        return setting
    }
}
