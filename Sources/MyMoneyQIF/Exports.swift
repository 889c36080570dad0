@_exported import MyMoneyCore
