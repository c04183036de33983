import TerminalKit

/// A form of twelve text fields, one with a message, drawn at 80×24 `rounds` times.
@MainActor
func formRenders(rounds: Int) -> [Double] {
  struct Sheet {
    var fields = (0..<12).map { TextFieldState(text: $0 == 3 ? "김민준 Kim" : "field \($0)", limit: 100) }
  }
  let sheet = Sheet()
  let form = Form<Sheet, Int>(sheet, focus: 5, fields: (0..<12).map { index in
    .text(index, "Field \(index)", \Sheet.fields[index], placeholder: "type", required: index < 3, message: index == 7 ? "wrong" : nil)
  })
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = now()
    var frame = Frame<Never>(size: Size(width: 80, height: 24))
    frame.render(FormView<Sheet, Int, Never>(form), in: frame.bounds)
    samples.append(now() - start)
    precondition(frame.textRows[5].contains("field 5"))
  }
  return samples
}

/// A table of `rowCount` rows at 80×24: the selection moved down one row and the frame drawn,
/// `rounds` times; and the resident memory after the first tenth of the moves and after all of
/// them.
@MainActor
func tableMoves(rowCount: Int, rounds: Int) -> (samples: [Double], heapEarly: Int, heapLate: Int) {
  let columns: [Table<Never>.Column] = [.init("#", width: .length(7), alignment: .trailing), .init("Product", width: .fill(1)), .init("Price", width: .length(10), alignment: .trailing)]
  var list = ListState(visibleRows: 20)
  var selected: Int? = 0
  // Written in place, every page touched before the first move: the samples' own memory is
  // not counted as the table's.
  var samples = [Double](repeating: 0, count: rounds)
  var heapEarly = 0
  for round in 0..<rounds {
    let start = now()
    selected = list.move(selected, by: .down, count: rowCount)
    var frame = Frame<Never>(size: Size(width: 80, height: 24))
    let table = Table<Never>(columns: columns, rowCount: rowCount, selected: selected) { row, column in
      [String(row + 1), "Product number \(row + 1) with a long name", "$\(row % 1000).99"][column]
    }
    frame.render(table, in: frame.bounds, state: &list)
    samples[round] = now() - start
    if round == rounds / 10 { heapEarly = heapInUse() }
  }
  return (samples, heapEarly, heapInUse())
}
