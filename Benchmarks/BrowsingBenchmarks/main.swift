import Boundaries
import Foundation
import Shop
import TerminalKit
import TerminalUI

// browsing-benchmarks — key→frame time of browsing with a large catalog, beside the demo's 20.
//
//   swift run -c release browsing-benchmarks [PRODUCTS]     (default 100,000)
//
// Each key goes the whole way the full-screen store takes it: routed from the key maps, sent
// through the store, reduced (a search re-filters every product), and the 80×24 frame
// rendered. Times are per key, from the monotonic clock; p50 and p95 over all keys typed.

let large = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let size = Size(width: 80, height: 24)

/// A catalog of `count` products with varied words, accents and scripts in their text.
func catalog(_ count: Int) -> [Product] {
  let nouns = ["lamp", "kettle", "notebook", "tent", "knife", "mug", "pen", "towel", "keyboard", "hub", "skillet", "spork"]
  let adjectives = ["brass", "café", "titanium", "ceramic", "merino", "cast-iron", "한지", "抹茶", "wooden", "crème"]
  let categories = ["kitchen", "outdoor", "stationery", "electronics", "home", "garden"]
  return (0..<count).map { index in
    let noun = nouns[index % nouns.count]
    let adjective = adjectives[(index / nouns.count) % adjectives.count]
    return Product(
      id: index + 1,
      title: "\(adjective.capitalized) \(noun) no. \(index + 1)",
      price: Money(cents: 100 + (index * 7919) % 200_000),
      description: "A \(adjective) \(noun) for every day, made to last. Batch \(index % 997), size \(index % 13).",
      category: categories[index % categories.count],
      rating: .init(rate: Double(index % 50) / 10, count: index % 400)
    )
  }
}

/// Milliseconds per key of `keys` pressed one by one on the headless shop showing `products`, each
/// followed by the frame it produces.
@MainActor
func keyTimes(products: [Product], keys: [Key], rounds: Int) async -> (load: Double, times: [Double]) {
  let store = Store(initialState: AppFeature.State()) {
    AppFeature()
  } withDependencies: {
    $0.apiClient.fetchProducts = { ProductListing(products: products) }
    $0.cartStorage = .inMemory()
  }
  let headless = HeadlessShop(store: store, size: size)
  let loadStart = DispatchTime.now().uptimeNanoseconds
  // Starting draws the first frame, and each press draws the frame after it.
  await headless.start()
  let load = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e6
  var times: [Double] = []
  for _ in 0..<rounds {
    for key in keys {
      let start = DispatchTime.now().uptimeNanoseconds
      await headless.press(key)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
  }
  return (load, times)
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
}

/// Typing searches, erasing them with Ctrl-U: every character re-filters the whole catalog.
let typing: [Key] =
  [.character("/")]
  + ["café mug", "lamp 42", "抹茶", "TITANIUM SPORK", "xyz", "batch 7"].flatMap { query in
    query.map { Key.character($0) } + [.control("u")]
  }
  + [.escape]
/// Moving the selection down and back up.
let scrolling: [Key] = Array(repeating: .down, count: 100) + Array(repeating: .up, count: 100) + [.pageDown, .pageDown, .end, .home]

let scenarios: [(String, [Key], Int)] = [("type a search", typing, 5), ("move the selection", scrolling, 3)]
print("Browsing, release build, key → frame at 80×24 (route, reduce, render), milliseconds per key\n")
print("scenario               products      keys     p50      p95      max    load")
for (title, keys, rounds) in scenarios {
  for count in [20, large] {
    let products = catalog(count)
    let (load, times) = await keyTimes(products: products, keys: keys, rounds: rounds)
    print(
      String(
        format: "%-20@ %10d %9d %7.3f  %7.3f  %7.3f %7.0f",
        title as NSString, count, times.count, percentile(times, 0.5), percentile(times, 0.95), times.max() ?? 0, load
      )
    )
  }
}

/// What each form of a frame costs to make from its canvas, per frame: the 80×24 cart sheet
/// (colours, reverse video, wide titles), made `rounds` times.
@MainActor
func exportTimes(rounds: Int) async -> [(String, Double, Int)] {
  let store = Store(initialState: AppFeature.State()) {
    AppFeature()
  } withDependencies: {
    $0.apiClient.fetchProducts = { ProductListing(products: try DemoCatalog.products()) }
    $0.cartStorage = .inMemory()
  }
  let headless = HeadlessShop(store: store, size: size)
  await headless.start()
  for key in (try? Key.sequence(parsing: "+ j + j j j j j + c")) ?? [] { await headless.press(key) }
  let canvas = headless.frame().canvas
  let forms: [(String, (Canvas) -> String)] = [
    ("render the frame", { _ in headless.frame().canvas.textRows[0] }),
    ("plain text", { $0.plainText }), ("styled text", { $0.styledText }), ("ANSI", { $0.ansiText }), ("SVG", { $0.svg }),
  ]
  return forms.map { name, make in
    var bytes = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<rounds { bytes = make(canvas).utf8.count }
    return (name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rounds), bytes)
  }
}

print("\nA frame's forms, 80×24 cart sheet, milliseconds per frame (mean of 200)\n")
print("form                      ms    bytes")
for (name, milliseconds, bytes) in await exportTimes(rounds: 200) {
  print(name.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: " %7.3f %8d", milliseconds, bytes))
}

/// The shop as the loop saw it before it could tell a change it had drawn from a new one: the
/// same program with no change count, so every announcement of a change is drawn.
@MainActor
final class WithoutChangeCount: TerminalProgram {
  let shop: ShopProgram
  /// Frames rendered, drawn or only hit-tested.
  var rendered = 0
  init(_ shop: ShopProgram) { self.shop = shop }
  func frame(size: Size, context: RenderContext) -> ScreenFrame {
    rendered += 1
    return shop.frame(size: size, context: context)
  }
  func command(for input: InputEvent, size: Size) -> KeyCommand? { shop.command(for: input, size: size) }
  func perform(_ command: KeyCommand) -> ProgramStep { shop.perform(command) }
  func settle(size: Size) -> [ProgramWork] { shop.settle(size: size) }
  var isAnimating: Bool { shop.isAnimating }
  func observeStateChanges(_ onChange: @escaping @MainActor () -> Void) -> StateObservation { shop.observeStateChanges(onChange) }
  func finish() -> ProgramWork { shop.finish() }
}

/// The same, with the shop's change count: the loop as it is.
@MainActor
final class WithChangeCount: TerminalProgram {
  let inner: WithoutChangeCount
  init(_ shop: ShopProgram) { inner = WithoutChangeCount(shop) }
  func frame(size: Size, context: RenderContext) -> ScreenFrame { inner.frame(size: size, context: context) }
  func command(for input: InputEvent, size: Size) -> KeyCommand? { inner.command(for: input, size: size) }
  func perform(_ command: KeyCommand) -> ProgramStep { inner.perform(command) }
  func settle(size: Size) -> [ProgramWork] { inner.settle(size: size) }
  var isAnimating: Bool { inner.isAnimating }
  func observeStateChanges(_ onChange: @escaping @MainActor () -> Void) -> StateObservation { inner.observeStateChanges(onChange) }
  var changeCount: Int? { inner.shop.changeCount }
  func finish() -> ProgramWork { inner.finish() }
}

/// Frames painted and rendered per input when the loop runs for a person (`run()`), each input
/// typed once the loop has been quiet for 30 ms.
@MainActor
func drawingWork<P: TerminalProgram>(
  _ program: P, rendered: @escaping () -> Int, inputs: [InputEvent]
) async -> (painted: Double, rendered: Double) {
  let terminal = RecordingTerminal(size: size)
  let loop = ProgramLoop(program: program, backend: terminal, tickInterval: nil)
  let running = Task { await loop.run() }
  func quiet() async {
    var last = -1
    while loop.framesPainted != last {
      last = loop.framesPainted
      try? await Task.sleep(for: .milliseconds(30))
    }
  }
  await quiet()
  let (painted, made) = (loop.framesPainted, rendered())
  for input in inputs {
    terminal.type([input])
    await quiet()
  }
  let count = Double(inputs.count)
  let result = (Double(loop.framesPainted - painted) / count, Double(rendered() - made) / count)
  terminal.hangUp()
  _ = await running.value
  return result
}

@MainActor
func shop() -> ShopProgram {
  ShopProgram(
    store: Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.apiClient.fetchProducts = { ProductListing(products: try DemoCatalog.products()) }
      $0.cartStorage = .inMemory()
    }
  )
}

let drawingInputs: [(String, [InputEvent])] = [
  ("keys: j k + -", (0..<10).flatMap { _ in [Key.character("j"), .character("+"), .character("k"), .character("-")].map(InputEvent.key) }),
  ("clicks on rows", (0..<20).map { InputEvent.mouse(MouseEvent(.press, at: Point(x: 10, y: 4 + $0 % 10))) }),
]
print("\nDrawing work per input, the loop run as for a person, demo catalog at 80×24\n")
print("inputs              loop                   painted  rendered")
for (title, inputs) in drawingInputs {
  let before = WithoutChangeCount(shop())
  let (paintedBefore, renderedBefore) = await drawingWork(before, rendered: { before.rendered }, inputs: inputs)
  let after = WithChangeCount(shop())
  let (paintedAfter, renderedAfter) = await drawingWork(after, rendered: { after.inner.rendered }, inputs: inputs)
  func row(_ inputs: String, _ loop: String, _ painted: Double, _ rendered: Double) -> String {
    inputs.padding(toLength: 20, withPad: " ", startingAt: 0) + loop.padding(toLength: 22, withPad: " ", startingAt: 0)
      + String(format: " %7.2f  %8.2f", painted, rendered)
  }
  print(row(title, "every change drawn", paintedBefore, renderedBefore))
  print(row("", "drawn once (counted)", paintedAfter, renderedAfter))
}
