/// Completes a feature struct as the Composable Architecture's `@Reducer` does: its `Action`
/// enum (and a `State` enum) become case-pathable, `body` is built with the reducer builder, a
/// missing `State` or `Action` is filled in empty, and the struct conforms to ``Reducer``.
///
/// On an enum whose cases hold features, it makes a destination: ``CaseReducer`` with a `State`
/// and an `Action` enum of one case per feature, presented with
/// `.ifLet(\.$destination, action: \.destination)`:
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case cart(CartFeature)
///   case details(ProductDetailsFeature)
/// }
/// ```
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
@attached(member, names: named(State), named(Action), named(body))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() = #externalMacro(module: "ComposableMacros", type: "ReducerMacro")

/// Marks a feature's state as the Composable Architecture's `@ObservableState` does. It writes
/// nothing here: a ``Store`` already tells its observers once per change, and screens redraw from
/// the whole state, so there is nothing finer to observe.
@attached(member)
public macro ObservableState() = #externalMacro(module: "ComposableMacros", type: "ObservableStateMacro")

/// A presented child's state — a sheet, an alert — kept in a ``PresentationState`` beside the
/// property, which `$name` reaches: `@Presents var alert: AlertState<Action.Alert>?` and
/// `.ifLet(\.$alert, action: \.alert)`.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() = #externalMacro(module: "ComposableMacros", type: "PresentsMacro")

/// Makes every enum nested in the one it is attached to `@CasePathable`. `@Reducer` attaches it
/// to a feature's `Action`, so that `\.alert.didConfirmPurchase` reaches a nested `Alert` enum;
/// there is no need to write it yourself.
@attached(memberAttribute)
public macro _CasePathableMembers() = #externalMacro(module: "ComposableMacros", type: "CasePathableMembersMacro")

/// Marks a case of a `@Reducer enum` as state no feature runs on: its `State` case holds the
/// value as written, and `Action` has no case for it (`@ReducerCaseIgnored case alert(…)` in an
/// enum that declares its own `Action`). A case with several or labelled values is such a case
/// without the mark.
@attached(peer)
public macro ReducerCaseIgnored() = #externalMacro(module: "ComposableMacros", type: "ReducerCaseMarkerMacro")

/// Marks a case of a `@Reducer enum` as going away after any of its actions, as an alert does.
@attached(peer)
public macro ReducerCaseEphemeral() = #externalMacro(module: "ComposableMacros", type: "ReducerCaseMarkerMacro")
