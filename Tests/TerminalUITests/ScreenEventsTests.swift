import Shop
import Testing
import TerminalKit
import TerminalUI

/// What the run loop tells the features after each change without a key being pressed: which
/// screens came into view, and nothing about their size.
struct ScreenEventsTests {
  @Test func atStartTheShownTabAppears() {
    #expect(ScreenEvents.commands(from: nil, to: AppFeature.State()) == [.products(.onAppear)])
  }

  @Test func onlyATabChangeMakesATabAppear() {
    let before = AppFeature.State()
    #expect(ScreenEvents.commands(from: before, to: before).isEmpty, "nothing changed, nothing is sent")
    var after = before
    after.selectedTab = .profile
    #expect(ScreenEvents.commands(from: before, to: after) == [.profile(.onAppear)])
    #expect(ScreenEvents.commands(from: after, to: before) == [.products(.onAppear)])
  }

  /// A resize changes what the screens draw and what the next key carries, and tells the
  /// features nothing: the state after a resize is the state before it.
  @Test @MainActor func aResizeTellsTheFeaturesNothing() async {
    let shop = HeadlessShop.forTests(size: Size(width: 80, height: 24))
    await shop.start()
    let before = shop.store.state
    let changes = shop.store.changeCount
    await shop.resize(to: Size(width: 80, height: 40))
    await shop.resize(to: Size(width: 50, height: 14))
    #expect(shop.store.state == before)
    #expect(shop.store.changeCount == changes, "no action was sent")
  }

  /// Settling ends when a round tells nothing — and, for a feature that would answer every event
  /// with another, after a bounded number of rounds, so that a key is never waited on for ever.
  @Test func settlingEndsWhenNothingIsToldOrAfterABoundedNumberOfRounds() {
    var rounds = 0
    #expect(ScreenEvents.settle { rounds += 1; return rounds < 3 } == 3, "two rounds told something, the third nothing")
    rounds = 0
    #expect(ScreenEvents.settle { rounds += 1; return true } == ScreenEvents.mostRounds)
    #expect(rounds == ScreenEvents.mostRounds, "never a round more than the bound")
  }
}
