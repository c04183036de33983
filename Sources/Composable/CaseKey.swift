/// A case key path as the core's operators take it: `\.child` names one case of an enum.
///
/// At the call site this reads exactly like the Composable Architecture's case key paths
/// (`Scope(state: \.child, action: \.child)`). The type is different on purpose: it is a key
/// path into the enum's `@CasePathable`-generated `AllCasePaths`, so resolving it yields the
/// macro's own `switch`-based embed and extract functions. Measured on this project's build
/// machine (release build, see Docs/Architecture.md), extracting through one of these costs about 6 ns,
/// while extracting through swift-case-paths' general `CaseKeyPath` machinery costs 0.9–4.4 µs
/// (it boxes the value into `Any`, casts it back and rebuilds closures on every call). Routing an
/// action through a four-level feature tree is therefore a handful of direct switches.
///
/// Longer paths such as `\.child.grandchild` work too (through `AnyCasePath`'s own member
/// lookup) and are fine in tests, in `Store.scope` and in `TestStore.receive`; in reducers,
/// prefer one case per operator, which is what the bounded-action helpers do for you.
public typealias CaseKey<Root: CasePathable, Value> = KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>

extension CasePathable {
  /// The embed and extract functions named by `key`.
  @inlinable
  public static func casePath<Value>(_ key: CaseKey<Self, Value>) -> AnyCasePath<Self, Value> {
    allCasePaths[keyPath: key]
  }

  /// The associated value of this case, if `key` names the case this value is in.
  @inlinable
  public subscript<Value>(caseKey key: CaseKey<Self, Value>) -> Value? {
    Self.casePath(key).extract(from: self)
  }
}

/// What `\.self` means where an operator takes a case key: "the action itself, whole". An
/// operator given `action: \.self` hands every action to its child unchanged, as in
/// `Scope(state: \.self, action: \.self) { … }` or `.ifLet(\.optional, action: \.self) { … }`.
///
/// It is a key path into this marker type rather than into `AllCasePaths`, so it works for any
/// action type — `Void` and `Int` included, which have no cases to name.
public typealias IdentityCaseKey<Root> = KeyPath<CaseIdentity<Root>, CaseIdentity<Root>>

/// The root of ``IdentityCaseKey``; never made, only named.
public enum CaseIdentity<Root> {}

extension AnyCasePath where Root == Value {
  /// The case path that embeds and extracts a value as it is.
  @inlinable
  public static var identity: Self {
    AnyCasePath(embed: { $0 }, extract: { $0 })
  }
}
