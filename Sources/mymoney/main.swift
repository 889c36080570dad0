import Foundation
import MyMoneyCLI

exit(MyMoneyCommandLine.run(Array(CommandLine.arguments.dropFirst())))
