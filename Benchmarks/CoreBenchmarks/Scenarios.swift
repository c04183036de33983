import Boundaries
import Foundation

/// One thing to measure, run in a process of its own so that its peak memory is its own.
enum Scenario {
  case plainCounter
  case boundedCounter
  case seedCounter
  case mirroredCounter
  case hierarchy(rows: Int)
  /// A push and a pop of a navigation stack's screen, one per action.
  case stackPushPop
  /// A write of a shared value kept in memory.
  case sharedWrite
  /// A write of a shared value kept in a file: encoded, written beside it, renamed over it.
  case sharedFileWrite

  static let all: [Scenario] = [
    .plainCounter, .boundedCounter, .seedCounter, .mirroredCounter, .hierarchy(rows: 100), .hierarchy(rows: 10_000),
    .hierarchy(rows: 100_000), .stackPushPop, .sharedWrite, .sharedFileWrite,
  ]

  var arguments: [String] {
    switch self {
    case .plainCounter: ["plain-counter"]
    case .boundedCounter: ["bounded-counter"]
    case .seedCounter: ["seed-counter"]
    case .mirroredCounter: ["mirrored-counter"]
    case let .hierarchy(rows): ["hierarchy", String(rows)]
    case .stackPushPop: ["stack-push-pop"]
    case .sharedWrite: ["shared-write"]
    case .sharedFileWrite: ["shared-file-write"]
    }
  }

  init?(arguments: [String]) {
    switch arguments.first {
    case "plain-counter": self = .plainCounter
    case "bounded-counter": self = .boundedCounter
    case "seed-counter": self = .seedCounter
    case "mirrored-counter": self = .mirroredCounter
    case "stack-push-pop": self = .stackPushPop
    case "shared-write": self = .sharedWrite
    case "shared-file-write": self = .sharedFileWrite
    case "hierarchy":
      guard arguments.count == 2, let rows = Int(arguments[1]), rows > 0 else { return nil }
      self = .hierarchy(rows: rows)
    default: return nil
    }
  }

  var title: String {
    switch self {
    case .plainCounter: "flat counter (plain Reducer)"
    case .boundedCounter: "flat counter (BoundingReducer, FeatureAction)"
    case .seedCounter: "flat counter (@Reducer, seed-spelled Action)"
    case .mirroredCounter: "flat counter (plain enum: kind read by Mirror)"
    case let .hierarchy(rows): "root → list → row → stepper, N = \(rows)"
    case .stackPushPop: "navigation stack, a push or a pop per action"
    case .sharedWrite: "shared value in memory, a withLock per action"
    case .sharedFileWrite: "shared value in a file, a withLock per action"
    }
  }

  /// Sends `actions` actions through a store and returns the timing.
  @MainActor
  func run(actions: Int, runs: Int) -> Timing {
    switch self {
    case .plainCounter:
      let store = Store(initialState: 0) { PlainCounter() }
      return measure(runs: runs, actionsPerRun: actions) {
        for _ in 0..<actions { store.send(true) }
      }
    case .boundedCounter:
      let store = Store(initialState: StepperFeature.State()) { StepperFeature() }
      return measure(runs: runs, actionsPerRun: actions) {
        for _ in 0..<actions { store.send(.view(.plusTapped)) }
      }
    case .seedCounter:
      let store = Store(initialState: SeedStepper.State()) { SeedStepper() }
      return measure(runs: runs, actionsPerRun: actions) {
        for _ in 0..<actions { store.send(.view(.plusTapped)) }
      }
    case .mirroredCounter:
      let store = Store(initialState: MirroredStepper.State()) { MirroredStepper() }
      return measure(runs: runs, actionsPerRun: actions) {
        for _ in 0..<actions { store.send(.view(.plusTapped)) }
      }
    case let .hierarchy(rows):
      var state = RootFeature.State()
      state.list.rows = IdentifiedArray(
        uniqueElements: (0..<rows).map { RowFeature.State(id: $0, title: "Product \($0)") }
      )
      let store = Store(initialState: state) { RootFeature() }
      // Visit rows in a scattered order so that no cache favours a small list.
      let ids = (0..<actions).map { ($0 &* 7_919) % rows }
      return measure(runs: runs, actionsPerRun: actions) {
        for id in ids { store.send(RootFeature.plus(row: id)) }
      }
    case .stackPushPop:
      let store = Store(initialState: DrillDownBenchmark.State()) { DrillDownBenchmark() }
      return measure(runs: runs, actionsPerRun: actions) {
        for index in 0..<actions { store.send(index.isMultiple(of: 2) ? .pushTapped : .popTapped) }
      }
    case .sharedWrite:
      let store = Store(initialState: SharedCounterBenchmark.State(count: Shared(wrappedValue: 0, .inMemory("count")))) {
        SharedCounterBenchmark()
      }
      return measure(runs: runs, actionsPerRun: actions) {
        for _ in 0..<actions { store.send(.incrementTapped) }
      }
    case .sharedFileWrite:
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("core-benchmarks-\(getpid())")
      defer { try? FileManager.default.removeItem(at: folder) }
      let url = folder.appendingPathComponent("count.json")
      let store = Store(initialState: SharedCounterBenchmark.State(count: Shared(wrappedValue: 0, .fileStorage(url)))) {
        SharedCounterBenchmark()
      }
      return measure(runs: runs, actionsPerRun: actions) {
        for _ in 0..<actions { store.send(.incrementTapped) }
      }
    }
  }
}
