import Foundation
import Testing

@testable import Shop

/// The cart's saving rules alone, as tables: what this copy knew, what it shows, what it hears,
/// and what it must then show and save. (The reducer around it is `ProductListFeatureTests`'.)
struct CartSyncTests {
  static let order = OrderRequest(userId: 1, date: .orderDate, products: [.init(productId: 1, quantity: 1)])
  static let ours = order.attempt("11111111-1111-1111-1111-111111111111")
  static let theirs = order.attempt("22222222-2222-2222-2222-222222222222")

  struct Hearing: CustomTestStringConvertible, Sendable {
    var name: String
    var known: [Int: Int]
    var saving: [Int: Int]?
    var shown: [Int: Int]
    var heard: [Int: Int]
    var revision = 5
    /// What this copy must show after hearing it.
    var expected: [Int: Int]
    var testDescription: String { name }
  }

  /// Another copy saved: lines this copy did not change take the saved quantity; lines it
  /// changed keep its own; a save under way still lands on top.
  @Test(arguments: [
    Hearing(name: "an untouched line follows", known: [1: 1], shown: [1: 1], heard: [1: 3], expected: [1: 3]),
    Hearing(name: "a line changed here is kept", known: [1: 1], shown: [1: 2], heard: [1: 3], expected: [1: 2]),
    Hearing(name: "a line removed elsewhere goes", known: [1: 1, 2: 1], shown: [1: 1, 2: 1], heard: [2: 1], expected: [2: 1]),
    Hearing(name: "a line added elsewhere comes", known: [:], shown: [1: 2], heard: [3: 1], expected: [1: 2, 3: 1]),
    Hearing(name: "a line removed here stays removed", known: [1: 1], shown: [:], heard: [1: 4], expected: [:]),
    Hearing(name: "the save under way lands on top", known: [1: 1], saving: [1: 2], shown: [1: 2], heard: [1: 5, 2: 1], expected: [1: 2, 2: 1]),
    Hearing(name: "an older version is ignored", known: [1: 1], shown: [1: 1], heard: [1: 9], revision: 2, expected: [1: 1]),
  ])
  func anotherCopySaved(_ row: Hearing) {
    var sync = CartSync(
      saved: SavedCart(quantities: row.known, revision: 3),
      saving: row.saving.map { CartChanges(quantities: $0) },
      current: CartSync.Contents(quantities: row.shown)
    )
    sync.heardElsewhere(SavedCart(quantities: row.heard, revision: row.revision))
    #expect(sync.current.quantities == row.expected)
    #expect(sync.saved.revision == max(3, row.revision))
    #expect((sync.saving == nil) == (row.saving == nil), "hearing never ends a save")
  }

  /// One save at a time, only of what changed here; a landed save brings the others' lines in;
  /// a failed one is sent again; on the way out everything not known to be saved goes.
  @Test func oneSaveAtATimeOfOnlyWhatChangedHere() {
    var sync = CartSync(saved: SavedCart(quantities: [1: 1, 2: 1], revision: 1), current: .init(quantities: [1: 1, 2: 1]))
    #expect(sync.startSave() == nil, "nothing changed, nothing written")
    sync.current.quantities[1] = 3
    #expect(sync.startSave() == CartChanges(quantities: [1: 3]))
    sync.current.quantities[2] = nil
    #expect(sync.startSave() == nil, "one save at a time")
    #expect(sync.finalSave == CartChanges(quantities: [1: 3, 2: 0]), "the way out sends the save under way too")
    // It lands, with another copy's line 4 in it: line 2, changed here meanwhile, stays out.
    sync.saveLanded(SavedCart(quantities: [1: 3, 2: 1, 4: 2], revision: 2))
    #expect(sync.current.quantities == [1: 3, 4: 2])
    #expect(sync.saving == nil && sync.saved.revision == 2)
    #expect(sync.startSave() == CartChanges(quantities: [2: 0]))
    sync.saveFailed()
    #expect(sync.saving == nil)
    #expect(sync.startSave() == CartChanges(quantities: [2: 0]), "a failed save is sent again")
  }

  @Test(arguments: [
    // (known, saving, shown, heard) → shown after
    (nil, nil, nil, Self.theirs, Self.theirs),
    (nil, nil, Self.ours, Self.theirs, Self.ours),
    (Self.ours, nil, Self.ours, nil, nil),
    (nil, Self.ours, Self.ours, Self.theirs, Self.theirs),
  ] as [(OrderAttempt?, OrderAttempt?, OrderAttempt?, OrderAttempt?, OrderAttempt?)])
  func theUnconfirmedOrderIsTakenUnlessChangedHere(known: OrderAttempt?, saving: OrderAttempt?, shown: OrderAttempt?, heard: OrderAttempt?, expected: OrderAttempt?) {
    var knownCart = SavedCart(revision: 1)
    knownCart.unconfirmedOrder = known
    var heardCart = SavedCart(revision: 2)
    heardCart.unconfirmedOrder = heard
    var sync = CartSync(
      saved: knownCart,
      saving: saving.map { CartChanges(unconfirmedOrder: .replaced(by: $0)) },
      current: .init(quantities: [:], unconfirmedOrder: shown)
    )
    sync.heardElsewhere(heardCart)
    #expect(sync.current.unconfirmedOrder == expected)
  }
}
