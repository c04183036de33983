import Foundation
import TodoApp

// `swift run todo-example [--accessible]`: the kit's to-do example on this terminal.
exit(await TodoExample.run(accessible: CommandLine.arguments.contains("--accessible")))
