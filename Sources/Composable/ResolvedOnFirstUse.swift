import Dependencies

/// A child reducer resolved the first time it runs rather than when its parent is resolved.
///
/// A feature may present a child of its own type (`.ifLet(\.$child, action: \.child) {
/// Nested() }` inside `Nested`'s body): resolving every child up front would never end. So a
/// presented child is resolved on its first action — once, and inside the dependencies its store
/// resolved the parent with, so it sees what it would have seen up front. Like the store that
/// runs it, it is used from one actor at a time.
final class ResolvedOnFirstUse<State, Action> {
  private var resolved: ResolvedReducer<State, Action>?
  private var make: (() -> ResolvedReducer<State, Action>)?

  init(_ reducer: some Reducer<State, Action>) {
    let dependencies = DependencyValues._current
    self.make = {
      withDependencies { $0 = dependencies } operation: { reducer._resolved() }
    }
  }

  var reducer: ResolvedReducer<State, Action> {
    if let resolved { return resolved }
    let reducer = make!()
    resolved = reducer
    make = nil
    return reducer
  }
}
