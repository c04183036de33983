/// What a store process tells its front door for the operator's metrics: each store is a process
/// of its own, which Prometheus never scrapes, so `onlinestore serve --metrics` hands its stores a
/// socket (``StoreEventSender``) and counts what they send.
///
/// One event is one short line — a name, and a number of nanoseconds or a reason — so a datagram
/// holds it whole. A line that is not exactly one of these is not an event: the names and the
/// reasons are a fixed set, so nothing a store sends can grow a metric's labels.
public enum StoreEvent: Equatable, Sendable {
  /// A picture was decoded, taking this long.
  case pictureDecoded(Duration)
  /// The decoder refused a picture (its bounds), or could not read it. (A picture that could not
  /// be fetched is not decoded, and not counted here.)
  case pictureRefused(PictureRefusal)
  /// The cart was saved, taking this long.
  case cartSaved(Duration)
  /// Saving the cart failed after this long (the shopper was told; their cart stays on screen).
  case cartSaveFailed(Duration)
  /// This many events of the store could not be sent when they happened (the front door's
  /// queue was full): told with the next event that could be, so that a loss is seen.
  case dropped(Int)

  /// Why a picture was not decoded: the decoder's failures, except being no longer wanted.
  public enum PictureRefusal: String, Sendable, CaseIterable {
    case unknownFormat = "unknown_format"
    case broken
    case tooLarge = "too_large"
    case noMemory = "no_memory"
    case tooComplex = "too_complex"
    case overBudget = "over_budget"
  }

  /// The longest line an event is (a longer datagram is not read as one).
  public static let maximumLength = 48
  /// The longest duration an event carries: an hour (a larger number is not a duration a store
  /// measured).
  static let maximumNanoseconds: Int64 = 3_600_000_000_000
  /// The most drops one event tells (more are told by the next).
  public static let maximumCount = 1_000_000_000

  /// The event as it is sent.
  public var line: String {
    switch self {
    case let .pictureDecoded(duration): "picture.decoded \(Self.nanoseconds(duration))"
    case let .pictureRefused(reason): "picture.refused \(reason.rawValue)"
    case let .cartSaved(duration): "cart.saved \(Self.nanoseconds(duration))"
    case let .cartSaveFailed(duration): "cart.failed \(Self.nanoseconds(duration))"
    case let .dropped(count): "events.dropped \(min(max(0, count), Self.maximumCount))"
    }
  }

  /// The event `bytes` spell, or `nil` when they spell none.
  public init?(bytes: some Collection<UInt8>) {
    guard bytes.count <= Self.maximumLength, let text = String(validating: bytes, as: UTF8.self) else { return nil }
    let fields = text.split(separator: " ", omittingEmptySubsequences: false)
    guard fields.count == 2 else { return nil }
    let value = fields[1]
    switch fields[0] {
    case "picture.decoded": guard let duration = Self.duration(value) else { return nil }; self = .pictureDecoded(duration)
    case "picture.refused": guard let reason = PictureRefusal(rawValue: String(value)) else { return nil }; self = .pictureRefused(reason)
    case "cart.saved": guard let duration = Self.duration(value) else { return nil }; self = .cartSaved(duration)
    case "cart.failed": guard let duration = Self.duration(value) else { return nil }; self = .cartSaveFailed(duration)
    case "events.dropped": guard let count = Self.number(value, atMost: Self.maximumCount) else { return nil }; self = .dropped(count)
    default: return nil
    }
  }

  /// The duration in nanoseconds, from none to an hour (what a store measured is in between).
  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 0 }
    guard seconds < maximumNanoseconds / 1_000_000_000 else { return maximumNanoseconds }
    return min(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, maximumNanoseconds)
  }

  /// Nanoseconds, at most an hour.
  private static func duration(_ text: Substring) -> Duration? {
    number(text, atMost: Int(maximumNanoseconds)).map { .nanoseconds($0) }
  }

  /// Digits only (no sign, no spaces), at most `limit`.
  private static func number(_ text: Substring, atMost limit: Int) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 13, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let value = Int(text), value <= limit
    else { return nil }
    return value
  }
}
