import CustomDump

/// "Set this property of the state to this value": the one action a form needs for all its
/// fields, so a feature does not declare a case per text field, checkbox and focus change.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// store.send(.binding(.set(\.title, TextFieldState(text: "Milk"))))
/// ```
///
/// Two binding actions are equal when they set the same property to equal values, so a
/// `TestStore` can expect one it received. A reducer applies it with ``BindingReducer``, and
/// can react to one property with `case .binding(\.focus):`.
public struct BindingAction<Root>: Hashable, @unchecked Sendable {
  // Unchecked: every stored property is immutable — a key path, a Sendable value and
  // Sendable closures — and key paths are immutable values the compiler cannot see as such.

  /// The property this action sets.
  public let keyPath: PartialKeyPath<Root>
  /// The value it sets it to.
  public let value: any Sendable
  private let write: @Sendable (inout Root) -> Void
  private let isEqual: @Sendable (any Sendable) -> Bool

  /// Sets the property at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      value: value,
      write: { $0[keyPath: keyPath] = value },
      isEqual: { ($0 as? Value) == value }
    )
  }

  /// Writes the value into `root`.
  public func apply(to root: inout Root) {
    write(&root)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqual(rhs.value)
  }

  /// By the property alone: equal actions set the same property, so they hash alike.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(keyPath)
  }

  /// Whether this action sets the property at `keyPath`: `case .binding(\.focus):` in a switch.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    action.keyPath == keyPath
  }
}

extension BindingAction: CasePathable {
  /// A binding action's case paths are the state's properties: `\.binding.title` embeds
  /// `.set(\.title, value)` and extracts the value of an action that sets `title`, so a test
  /// writes `store.send(\.binding.title, "Milk")` as with TCA.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value> & Sendable
    ) -> AnyCasePath<BindingAction, Value> {
      AnyCasePath(
        embed: { .set(keyPath, $0) },
        extract: { action in action.keyPath == keyPath ? action.value as? Value : nil }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension BindingAction: CustomDumpReflectable {
  /// Dumped as `.set(\State.title, …)`, so a failing test shows which property and value.
  public var customDumpMirror: Mirror {
    Mirror(self, children: ["set": (keyPath, value)], displayStyle: .enum)
  }
}
