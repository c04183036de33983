import CursesTerminal
import Foundation

// `swift run todo-example [--accessible]`: the kit's to-do example on this terminal.
let accessible = CommandLine.arguments.contains("--accessible")
let status = await CursesTerminal.run(TodoList(accessible: accessible))
exit(status)
