extension Reducer {
  /// Runs `reducer` after this one whenever an action changed the value `toValue` reads:
  ///
  /// ```swift
  /// Reduce { … }
  ///   .onChange(of: \.searchQuery) { oldValue, newValue in
  ///     Reduce { state, _ in .send(.searchChanged(newValue)) }
  ///   }
  /// ```
  @inlinable
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> some Reducer<State, Action>
  ) -> OnChangeReducer<State, Action> {
    onChange(of: toValue, removeDuplicates: ==, reducer)
  }

  /// The same for a value that is not `Equatable`, or that changes in ways that do not count:
  /// `isDuplicate(old, new)` says when nothing changed.
  @inlinable
  public func onChange<Value>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> some Reducer<State, Action>
  ) -> OnChangeReducer<State, Action> {
    let base = _resolved()
    return OnChangeReducer { state, action in
      let oldValue = toValue(state)
      let effect = base.reduce(into: &state, action: action)
      let newValue = toValue(state)
      guard !isDuplicate(oldValue, newValue) else { return effect }
      return .merge(effect, reducer(oldValue, newValue)._resolved().reduce(into: &state, action: action))
    }
  }
}

/// The reducer `onChange(of:_:)` returns.
public struct OnChangeReducer<State, Action>: Reducer {
  @usableFromInline
  let run: (inout State, Action) -> Effect<Action>

  @inlinable
  init(_ run: @escaping (inout State, Action) -> Effect<Action>) {
    self.run = run
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}
