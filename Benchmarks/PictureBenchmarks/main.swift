import Foundation
import TerminalKit
import TerminalPictures

// picture-benchmarks — what a product picture costs, in a release build:
//
//   swift run -c release picture-benchmarks PICTURE.jpg [ROUNDS]   (Benchmarks/pictures.sh makes one)
//
// decode (libjpeg-turbo) and render (libchafa, 40 × 20 cells, half blocks) a picture from its
// bytes; render alone from pixels already decoded; and draw the cells already rendered into a
// frame, as every frame that shows a cached picture does. p50 and p95 over ROUNDS (default 50).

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first, let data = FileManager.default.contents(atPath: path) else {
  print("usage: picture-benchmarks PICTURE [ROUNDS]")
  exit(2)
}
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 50
let cells = Size(width: 40, height: 20)

func milliseconds(_ work: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try work()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
}

let decoded = try PictureDecoder.decode(data)
let picture = try SymbolRenderer.render(rgba: decoded.rgba, width: decoded.width, height: decoded.height, into: cells, symbols: .halfBlocks)
var results: [(String, [Double])] = []
results.append(("decode and render", try (0..<rounds).map { _ in
  try milliseconds {
    let pixels = try PictureDecoder.decode(data)
    _ = try SymbolRenderer.render(rgba: pixels.rgba, width: pixels.width, height: pixels.height, into: cells, symbols: .halfBlocks)
  }
}))
results.append(("render only", try (0..<rounds).map { _ in
  try milliseconds { _ = try SymbolRenderer.render(rgba: decoded.rgba, width: decoded.width, height: decoded.height, into: cells, symbols: .halfBlocks) }
}))
results.append(("draw cached cells", (0..<rounds).map { _ in
  milliseconds {
    var frame = Frame<Never>(size: Size(width: 80, height: 24))
    frame.render(PictureView(.picture(picture), theme: .color), in: Rect(x: 20, y: 2, width: 40, height: 20))
  }
}))
print("Pictures, release build: \(decoded.width) × \(decoded.height) \(path.split(separator: ".").last ?? "") into \(cells.width) × \(cells.height) cells, \(rounds) rounds, ms\n")
print("step                      p50      p95")
for (name, times) in results {
  print(name.padding(toLength: 22, withPad: " ", startingAt: 0) + String(format: " %7.3f  %7.3f", percentile(times, 0.5), percentile(times, 0.95)))
}
