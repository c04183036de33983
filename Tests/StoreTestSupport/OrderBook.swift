import FlyingFox
import Foundation

/// The orders a test store has taken, kept the way a careful store keeps them: an order sent
/// again with an `Idempotency-Key` it already took is answered as the first time and not taken
/// again; the same key with another body is refused with 422.
public actor OrderBook {
  public private(set) var orders: [Data] = []
  /// Every key that came with a `POST /carts`, in order, including repeats.
  public private(set) var keysReceived: [String?] = []
  /// How many delayed answers have been sent (after their delay).
  public private(set) var lateAnswers = 0
  private var answers: [String: (body: Data, answer: Data)] = [:]

  public init() {}

  /// Takes the order in `request` (or recognises it) and returns the store's answer, after
  /// `delay` when the order is new: an answer that arrives after the client gave up.
  public func take(_ request: HTTPRequest, body: Data, delayingNewOrdersBy delay: Duration = .zero) async -> HTTPResponse {
    let key = request.headers[HTTPHeader("Idempotency-Key")]
    keysReceived.append(key)
    if let key, let earlier = answers[key] {
      guard earlier.body == body else {
        return .json(#"{"error":"this Idempotency-Key was used for another order"}"#, status: .unprocessableContent)
      }
      return .json(earlier.answer)
    }
    orders.append(body)
    let answer = Data(#"{"id":\#(orders.count),"userId":1,"products":[]}"#.utf8)
    if let key { answers[key] = (body, answer) }
    try? await Task.sleep(for: delay)
    lateAnswers += delay == .zero ? 0 : 1
    return .json(answer)
  }
}
