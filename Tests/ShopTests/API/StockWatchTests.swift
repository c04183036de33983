import Clocks
import Shop
import StoreModels
import StoreTestSupport
import Synchronization
import Testing

/// How the shop follows a server's stock (`StockWatch.following`): a server that offers none is
/// never asked for it; one that does is asked once and then held after each version; an answer
/// that brings nothing, or a server that cannot be reached, is asked again only after a pause
/// on the watch's clock. And the snapshot's one look (`StockWatch.once`) ends.
struct StockWatchTests {
  static let store = ServerOffer(service: "onlinestore-api", openCarts: true, keyCustomers: true, stock: true)

  /// What the watch asked of the server, in order.
  final class Asked: Sendable {
    private let log = Mutex<[String]>([])
    func note(_ question: String) { log.withLock { $0.append(question) } }
    var questions: [String] { log.withLock { $0 } }
  }

  @Test func aServerThatOffersNoStockIsNeverAskedForIt() async {
    let asked = Asked()
    let watch = StockWatch.following(
      offer: { asked.note("offer"); return .nothing },
      stock: { _ in asked.note("stock"); return nil },
      clock: ImmediateClock()
    )
    var heard: [StockLevels] = []
    for await levels in watch.levels() { heard.append(levels) }
    #expect(heard.isEmpty)
    #expect(asked.questions == ["offer"], "a FakeStore server is asked what it offers, and nothing else")
  }

  @Test func eachVersionIsHeardOnceAndTheNextRequestWaitsForAChange() async {
    let asked = Asked()
    let first = StockReading(levels: StockLevels(left: [1: 3]))
    let second = StockReading(levels: StockLevels(left: [1: 2]))
    let answers: [String: [StockReading?]] = ["-": [first], first.version: [nil, second]]
    let served = Mutex<[String: Int]>([:])
    let clock = WatchedClock()
    let watch = StockWatch.following(
      offer: { Self.store },
      stock: { version async throws(APIError) -> StockReading? in
        let key = version ?? "-"
        asked.note(key)
        let index = served.withLock { served in
          defer { served[key, default: 0] += 1 }
          return served[key, default: 0]
        }
        guard let answer = answers[key], index < answer.count else {
          try? await Task.sleep(for: .seconds(3_600))
          throw APIError.other("Cancelled")
        }
        return answer[index]
      },
      clock: clock
    )
    var levels = watch.levels().makeAsyncIterator()
    #expect(await levels.next() == first.levels)
    // The pause after a change, then held at the first version: "no change", a pause of a
    // second, then the change.
    await clock.sleeping()
    #expect(asked.questions.count == 1, "nothing is asked during the pause")
    await clock.advance(by: StockWatch.shortestPause)
    await clock.sleeping()
    #expect(asked.questions.count == 2)
    await clock.advance(by: StockWatch.pauseWithoutChange)
    #expect(await levels.next() == second.levels)
    #expect(asked.questions == ["-", first.version, first.version], "the first ask has no version; each next one gives the version it has")
  }

  @Test func aServerThatCannotBeReachedIsAskedAgainLaterAndLater() async {
    let asked = Asked()
    let failures = Mutex(3)
    let clock = WatchedClock()
    let reading = StockReading(levels: StockLevels(left: [7: 1]))
    let watch = StockWatch.following(
      offer: { () async throws(APIError) -> ServerOffer in
        asked.note("offer")
        let fail = failures.withLock { left in
          defer { left -= 1 }
          return left > 0
        }
        if fail { throw APIError.unreachable("the connection was refused") }
        return Self.store
      },
      stock: { _ in reading },
      clock: clock
    )
    let heard = Task {
      var levels = watch.levels().makeAsyncIterator()
      return await levels.next()
    }
    // Three failures: pauses of 1, 2 and 4 seconds. Nothing is asked before each pause ends.
    for (pause, asks) in [(1, 1), (2, 2), (4, 3)] {
      await clock.sleeping()
      await clock.advance(by: .seconds(pause) - .milliseconds(1))
      #expect(asked.questions.count == asks, "no ask before the \(pause) s pause is over")
      await clock.advance(by: .milliseconds(1))
    }
    #expect(await heard.value == reading.levels)
    #expect(asked.questions == ["offer", "offer", "offer", "offer"])
  }

  @Test func theSnapshotsOneLookEndsWithOrWithoutStock() async {
    let reading = StockReading(levels: StockLevels(left: [3: 4]))
    for (offer, expected) in [(Self.store, [reading.levels]), (ServerOffer.nothing, [])] {
      let asked = Asked()
      var heard: [StockLevels] = []
      let look = StockWatch.once(offer: { offer }, stock: { asked.note("stock \($0 ?? "-")"); return reading })
      for await levels in look.levels() { heard.append(levels) }
      #expect(heard == expected)
      #expect(asked.questions == (offer.followsStock ? ["stock -"] : []), "one look, with no version: nothing is held")
    }
  }
}
