import Boundaries

/// One thing to measure, run in a process of its own so that its peak memory is its own.
enum Scenario {
  case plainCounter
  case boundedCounter
  case seedCounter
  case mirroredCounter
  case hierarchy(rows: Int)

  static let all: [Scenario] = [
    .plainCounter, .boundedCounter, .seedCounter, .mirroredCounter, .hierarchy(rows: 100), .hierarchy(rows: 10_000),
    .hierarchy(rows: 100_000),
  ]

  var arguments: [String] {
    switch self {
    case .plainCounter: ["plain-counter"]
    case .boundedCounter: ["bounded-counter"]
    case .seedCounter: ["seed-counter"]
    case .mirroredCounter: ["mirrored-counter"]
    case let .hierarchy(rows): ["hierarchy", String(rows)]
    }
  }

  init?(arguments: [String]) {
    switch arguments.first {
    case "plain-counter": self = .plainCounter
    case "bounded-counter": self = .boundedCounter
    case "seed-counter": self = .seedCounter
    case "mirrored-counter": self = .mirroredCounter
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
    }
  }
}
