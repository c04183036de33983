import Foundation
import Shop

// A process that does nothing but save one cart, over and over, for the kill -9 test: it
// alternates between two carts (every line at 1, then every line at 2) until it is killed.
//
//     cart-save-probe FILE LINES
//
// Prints "ready" once its first save is on disk: from then on, a kill lands between saves or in
// the middle of one.

let arguments = CommandLine.arguments
guard arguments.count == 3, let lines = Int(arguments[2]), lines > 0 else {
  FileHandle.standardError.write(Data("usage: cart-save-probe FILE LINES\n".utf8))
  exit(2)
}
let storage = CartStorage.file(at: URL(fileURLWithPath: arguments[1]))
var quantity = 1
var isFirstSave = true
while true {
  let changes = CartChanges(quantities: Dictionary(uniqueKeysWithValues: (1...lines).map { ($0, quantity) }))
  do {
    _ = try await storage.apply(changes)
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
  if isFirstSave {
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    isFirstSave = false
  }
  quantity = 3 - quantity
}
