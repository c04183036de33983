import Shop
import Testing
import TerminalKit
import TerminalUI

/// What the run loop tells the features after each change without a key being pressed.
struct ScreenEventsTests {
  let size = Size(width: 80, height: 24)

  @Test func atStartTheShownTabAppearsAndTheListLearnsItsRows() {
    let state = AppFeature.State()
    let rows = AppLayout(size: size).screen.visibleProductRows
    #expect(ScreenEvents.commands(from: nil, to: state, size: size) == [.products(.onAppear), .products(.visibleRowCountChanged(rows))])
  }

  @Test func onlyATabChangeMakesATabAppear() {
    var before = AppFeature.State()
    before.productList.visibleRowCount = AppLayout(size: size).screen.visibleProductRows
    #expect(ScreenEvents.commands(from: before, to: before, size: size).isEmpty, "nothing changed, nothing is sent")
    var after = before
    after.selectedTab = .profile
    // The profile's history learns its rows too, once, as the product list did.
    let rows = ProfileScreen.visibleOrderRows(of: after.profile, in: AppLayout(size: size).screen)
    #expect(ScreenEvents.commands(from: before, to: after, size: size) == [.profile(.onAppear), .profile(.visibleOrderRowsChanged(rows))])
    after.profile.orderScroll.visibleRows = rows
    #expect(ScreenEvents.commands(from: after, to: before, size: size) == [.products(.onAppear)])
  }

  @Test func aResizeTellsTheListItsNewRowCountOnce() {
    var state = AppFeature.State()
    state.productList.visibleRowCount = AppLayout(size: size).screen.visibleProductRows
    let taller = Size(width: 80, height: 40)
    let rows = AppLayout(size: taller).screen.visibleProductRows
    #expect(rows != state.productList.visibleRowCount)
    #expect(ScreenEvents.commands(from: state, to: state, size: taller) == [.products(.visibleRowCountChanged(rows))])
    // Too small to draw the store: nothing is measured.
    #expect(ScreenEvents.commands(from: state, to: state, size: Size(width: 10, height: 3)).isEmpty)
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
