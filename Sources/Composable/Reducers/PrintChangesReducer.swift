import CustomDump

/// Where `_printChanges` writes: a closure that takes one finished entry.
///
/// The terminal app cannot print to the screen it draws on, so it passes a sink that appends to
/// a log file; tests pass one that collects entries.
public struct ChangeSink: Sendable {
  let write: @Sendable (String) -> Void

  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Standard output, for command-line tools and experiments.
  public static let standardOutput = ChangeSink { print($0) }
}

extension Reducer {
  /// Logs every action this reducer receives and the difference it made to the state.
  ///
  /// ```
  /// received action:
  ///   AppFeature.Action.view(.tabSelected(.profile))
  ///   AppFeature.State(
  /// −   selectedTab: .products,
  /// +   selectedTab: .profile,
  ///     …
  ///   )
  /// ```
  ///
  /// For debugging: it copies the state before each action to compare, which makes a change to a
  /// large state copy it too. Leave it off in production builds.
  public func _printChanges(to sink: ChangeSink = .standardOutput) -> PrintChangesReducer<State, Action> {
    PrintChangesReducer(base: self, sink: sink)
  }
}

/// The reducer `_printChanges` returns.
public struct PrintChangesReducer<State, Action>: Reducer {
  let base: ResolvedReducer<State, Action>
  let sink: ChangeSink

  init(base: some Reducer<State, Action>, sink: ChangeSink) {
    self.base = base._resolved()
    self.sink = sink
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    var entry = "received action:\n"
    customDump(action, to: &entry, indent: 2)
    entry += "\n"
    if let difference = CustomDump.diff(before, state) {
      entry += difference.indenting(by: 2)
    } else {
      entry += "  (No state changes)"
    }
    sink.write(entry)
    return effect
  }
}

extension String {
  func indenting(by count: Int) -> String {
    let indent = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }
      .joined(separator: "\n")
  }
}
