import Boundaries

// The store's stock on the list: heard for as long as the store runs, and carried to each row,
// whose stepper stops at what is left.
extension ProductListFeature {
  func watchStock() -> Effect<Action> {
    .run { send in
      for await levels in stockWatch.levels() {
        await send(._internal(.stockChanged(levels)))
      }
    }
    .cancellable(id: CancelID.stock, cancelInFlight: true)
  }

  /// Gives every row what is left of its product. Rows whose stock did not change are not
  /// written, so a list of many products without a limit costs one read per row.
  func applyStock(to state: inout State) {
    for index in state.products.indices {
      let left = state.stock[state.products[index].id]
      if state.products[index].stockLeft != left { state.products[index].stockLeft = left }
    }
  }
}
