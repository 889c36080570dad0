import MyMoneyFuzz

// scripts/fuzz.sh builds this with libFuzzer (-DMYMONEY_FUZZ, -parse-as-library): libFuzzer owns
// main and calls the entry below. An ordinary build makes a replay tool: FuzzRules FILE|DIR…
#if MYMONEY_FUZZ
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.rules.run(data, size)
    return 0
}
#else
import Foundation

@main struct FuzzRulesReplay {
    static func main() { exit(FuzzReplay.main(.rules)) }
}
#endif
