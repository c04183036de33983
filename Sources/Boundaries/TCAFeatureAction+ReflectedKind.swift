import Composable

extension TCAFeatureAction {
  /// The kind of an action whose enum nobody wrote ``kind`` for — the tca-boundaries README's
  /// spelling, a plain `enum ExampleAction: TCAFeatureAction` with the three cases and nothing
  /// else — read through `Mirror`, the standard library's public reflection: the case's label
  /// says the kind, its payload is the action of that kind.
  ///
  /// `@Reducer` (for a feature's `Action`) and ``BoundedAction()`` (for an enum declared on its
  /// own) write `kind` as a `switch`, which is what a feature should use: a mirror allocates and
  /// casts its payload on every action (`swift run -c release core-benchmarks` measures both,
  /// Docs/Benchmarks.md). A conforming type that is not an enum of exactly these three cases
  /// must write `kind` itself; asking this default of one stops the program with a message
  /// that says so.
  ///
  /// (The case key paths `@CasePathable` makes could name the case too, but finding the value's
  /// path and casting it to each kind's type cost four times the mirror: 10 µs an action.)
  public var kind: FeatureAction<ViewAction, InternalAction, DelegateAction> {
    let mirror = Mirror(reflecting: self)
    guard mirror.displayStyle == .enum, let (label, payload) = mirror.children.first.map({ ($0.label, $0.value) }) else {
      preconditionFailure(Self.notBounded)
    }
    switch label {
    case "view": if let action = Self.payload(payload, as: ViewAction.self) { return .view(action) }
    case "_internal": if let action = Self.payload(payload, as: InternalAction.self) { return ._internal(action) }
    case "delegate": if let action = Self.payload(payload, as: DelegateAction.self) { return .delegate(action) }
    default: break
    }
    preconditionFailure(Self.notBounded)
  }

  /// A case's payload as `type`. A payload given a label (`case view(action: ViewAction)`) is
  /// reflected as a one-element tuple, whose element is the action.
  private static func payload<Payload>(_ value: Any, as type: Payload.Type) -> Payload? {
    if let action = value as? Payload { return action }
    return Mirror(reflecting: value).children.first?.value as? Payload
  }

  private static var notBounded: String {
    """
    '\(Self.self)' is a TCAFeatureAction but not an enum of the cases view, _internal and \
    delegate, so its kind cannot be read from its case: write 'var kind', or mark the enum \
    @BoundedAction.
    """
  }
}
