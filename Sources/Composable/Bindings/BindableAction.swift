/// An action with a case that carries a ``BindingAction``: `case binding(BindingAction<State>)`.
///
/// The case itself fulfils ``binding(_:)``. In a feature whose actions keep to three kinds, the
/// view's actions are the bindable ones — a person edits the form — and the reducer names them
/// with `BindingReducer(action: \.view)`.
public protocol BindableAction {
  /// The state the binding actions write into.
  associatedtype State
  /// Wraps a binding action: the enum's `binding` case.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action this is, if it is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// Read from the enum's `binding` case by reflection, so a feature writes only the case.
  public var binding: BindingAction<State>? {
    guard let child = Mirror(reflecting: self).children.first, child.label == "binding" else { return nil }
    return child.value as? BindingAction<State>
  }

  /// `.set(\.title, value)`: the binding action that sets `keyPath`, wrapped in this action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable,
    _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}
