import CursesTerminal
import Foundation
import TerminalKit

// kit-benchmarks — what the kit's widgets cost, in a release build:
//
//   swift run -c release kit-benchmarks [TABLE_MOVES]        (in TerminalKit/; default 20,000)
//
// In process: a form of twelve text fields drawn at 80×24; a table of 100,000 rows whose
// selection moves down a row and is drawn again, and the resident memory after a tenth of the
// moves and after all of them (it must not grow with the rows drawn). On a pseudo-terminal of 80×24:
// 200 characters typed one at a time into a text field of a full-screen program (this binary,
// run with --typing-program), key → last byte of the frame and bytes per character, beside its
// anchor: the same characters typed into `cat`, which the terminal itself echoes (the floor of
// a key's round trip through a pty).

if CommandLine.arguments.contains("--typing-program") {
  exit(await CursesTerminal.run(TypingProgram()))
}

let typed = String(repeating: "Sejong-daero 209, 한국 ", count: 10).prefix(200)

print("kit-benchmarks (release build; medians and p95 of each run)")
row("", "median", "p95", "other")
let form = formRenders(rounds: 5_000)
let (formMedian, formP95) = summary(form)
row("form of 12 fields, draw at 80×24", ms(formMedian), ms(formP95))
let moves = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
_ = tableMoves(rowCount: 100_000, rounds: 2_000)  // the allocator warmed up first
let table = tableMoves(rowCount: 100_000, rounds: moves)
let (tableMedian, tableP95) = summary(table.samples)
row("table of 100,000 rows, \(moves) moves + draws", ms(tableMedian), ms(tableP95), "memory +\((table.heapLate - table.heapEarly) / 1024) KiB")

let me = URL(fileURLWithPath: CommandLine.arguments[0]).path
let field = try typeInto([me, "--typing-program"], characters: String(typed))
let cat = try typeInto(["/bin/cat"], characters: String(typed))
let (fieldMedian, fieldP95) = summary(field.latencies)
let (catMedian, catP95) = summary(cat.latencies)
let fieldBytes = Double(field.bytes.reduce(0, +)) / Double(field.bytes.count)
let catBytes = Double(cat.bytes.reduce(0, +)) / Double(cat.bytes.count)
row("typing into a text field (pty, 80×24)", ms(fieldMedian), ms(fieldP95), String(format: "%.1f B/char", fieldBytes))
row("anchor: typing into cat (pty echo)", ms(catMedian), ms(catP95), String(format: "%.1f B/char", catBytes))
