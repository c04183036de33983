import Boundaries

// The highlighted row: the list's own, over the rows its browsing child shows.
extension ProductListFeature {
  /// Selects the row at `index` of the rows shown. The screen scrolls just enough to show it as
  /// it draws (it knows how many rows fit); a move scrolls the kept offset with the rows it
  /// carries.
  func select(index: Int, in state: inout State) {
    guard state.shownIDs.indices.contains(index) else {
      state.selectedID = nil
      state.scrollOffset = 0
      return
    }
    state.selectedID = state.shownIDs[index]
  }

  /// Keeps the selection on the same product while it is shown, else moves it to the first
  /// row shown (or to none); the body runs it whenever the rows shown change.
  func keepSelection(_ state: inout State) {
    select(index: state.selectedIndex ?? 0, in: &state)
  }
}
