// `swift run kit-counter`: Getting Started's "Run it", as it is written there.
import CursesTerminal
import Foundation

exit(await CursesTerminal.run(Counter()))
