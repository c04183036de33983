/// The saved cart kept in step with one copy of the store, as a pure value: what this copy last
/// knew of the saved cart, the save it has under way, and what it shows now. Every rule of the
/// cart's saving is here, with no effect and no reducer around it; ``CartKeepingFeature`` asks
/// it what to save and what to show, and carries out the answers.
///
/// The rules:
/// - a save sends only what this copy changed since it last knew the saved cart, so another
///   copy's changes to other lines are kept; one save at a time;
/// - when a saved cart is heard (this copy's save landed, or another copy saved), each line this
///   copy has not changed since it last knew the saved cart shows the saved quantity; a line it
///   did change keeps its quantity, to be saved next. The unconfirmed order and the checkout
///   draft are taken the same way;
/// - another copy's save older than what this copy knows is ignored;
/// - on the way out everything not known to be saved is sent, the save under way included.
public struct CartSync: Hashable, Sendable {
  /// What a copy shows of its cart.
  public struct Contents: Hashable, Sendable {
    public var quantities: [Product.ID: Int]
    public var unconfirmedOrder: OrderAttempt?
    public var checkout: CheckoutDraft?

    public init(quantities: [Product.ID: Int], unconfirmedOrder: OrderAttempt? = nil, checkout: CheckoutDraft? = nil) {
      self.quantities = quantities.filter { $0.value != 0 }
      self.unconfirmedOrder = unconfirmedOrder
      self.checkout = checkout
    }
  }

  /// The saved cart as this copy last read it or heard of it.
  public var saved: SavedCart
  /// The changes of the save under way, if one is.
  public var saving: CartChanges?
  /// What this copy shows now.
  public var current: Contents

  public init(saved: SavedCart, saving: CartChanges? = nil, current: Contents) {
    self.saved = saved
    self.saving = saving
    self.current = current
  }

  /// The saved quantities once the save under way has landed: what this copy's own changes
  /// are measured from.
  public var expectedSavedQuantities: [Product.ID: Int] {
    saving.map { saved.applying($0).quantities } ?? saved.quantities
  }

  /// What this copy changed since it last knew the saved cart.
  public var changes: CartChanges {
    CartChanges(
      quantities: CartChanges(from: saved.quantities, to: current.quantities).quantities,
      unconfirmedOrder: current.unconfirmedOrder == saved.unconfirmedOrder ? .unchanged : .replaced(by: current.unconfirmedOrder),
      checkout: current.checkout == saved.checkout ? .unchanged : .replaced(by: current.checkout)
    )
  }

  /// The save to start now, if any: none while one is under way (its answer starts the next),
  /// and none when nothing changed — a copy that changed nothing writes nothing.
  public mutating func startSave() -> CartChanges? {
    guard saving == nil, !changes.isEmpty else { return nil }
    saving = changes
    return saving
  }

  /// On the way out: everything not known to be saved, including what the save under way is
  /// writing (applying a change twice is harmless).
  public var finalSave: CartChanges? {
    changes.isEmpty ? nil : changes
  }

  /// This copy's save landed: the cart as it is saved now.
  public mutating func saveLanded(_ latest: SavedCart) {
    adopt(latest, quantities: latest.quantities)
    saved = latest
    saving = nil
  }

  /// The save failed: the next one sends these changes again.
  public mutating func saveFailed() {
    saving = nil
  }

  /// Another copy saved the cart. A version older than the one this copy knows is ignored; the
  /// save under way, if any, will still land on top of it.
  public mutating func heardElsewhere(_ latest: SavedCart) {
    guard latest.revision > saved.revision else { return }
    adopt(latest, quantities: saving.map { latest.applying($0) }?.quantities ?? latest.quantities)
    saved = latest
  }

  /// Shows `quantities` in each line unchanged here since the saved cart was last known, and
  /// `latest`'s unconfirmed order and checkout draft unless this copy changed its own.
  private mutating func adopt(_ latest: SavedCart, quantities: [Product.ID: Int]) {
    let known = expectedSavedQuantities
    var shown = current.quantities
    for id in Set(quantities.keys).union(known.keys).union(shown.keys) where (shown[id] ?? 0) == (known[id] ?? 0) {
      shown[id] = quantities[id] ?? 0
    }
    var knownOrder = saved.unconfirmedOrder
    if case let .replaced(by: attempt)? = saving?.unconfirmedOrder { knownOrder = attempt }
    let order = current.unconfirmedOrder == knownOrder ? latest.unconfirmedOrder : current.unconfirmedOrder
    var knownDraft = saved.checkout
    if case let .replaced(by: draft)? = saving?.checkout { knownDraft = draft }
    let draft = current.checkout == knownDraft ? latest.checkout : current.checkout
    current = Contents(quantities: shown, unconfirmedOrder: order, checkout: draft)
  }
}
