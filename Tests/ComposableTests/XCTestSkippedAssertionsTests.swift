import Composable
import XCTest

/// XCTest on Linux cannot expect a failure, so a non-exhaustive store's skipped assertions are
/// written to the log there instead of failing the test they only mean to inform.
final class XCTestSkippedAssertionsTests: XCTestCase {
  @MainActor func testSkippedAssertionsDoNotFailAnXCTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment)
    await store.send(.increment) { $0.count = 2 }
    XCTAssertEqual(store.state.count, 2)
  }
}
