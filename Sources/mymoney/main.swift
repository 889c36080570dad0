import Foundation
import MyMoneyCLI

MemoryReturn.returnLargeBlocksPromptly()
exit(MyMoneyCommandLine.run(Array(CommandLine.arguments.dropFirst())))
