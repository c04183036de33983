import CursesTerminal
import Foundation

// `swift run todo-example`: the kit's to-do example on this terminal.
let status = await CursesTerminal.run(TodoList())
exit(status)
