import Foundation

/// Where an order is on its way to the customer.
public enum OrderStage: String, CaseIterable, Hashable, Sendable, Codable {
  case placed, packed, shipped, delivered, cancelled

  /// Whether an order at this stage may move to `next`: forward one step at a time, and
  /// cancelled only before it ships.
  public func canMove(to next: OrderStage) -> Bool {
    switch (self, next) {
    case (.placed, .packed), (.packed, .shipped), (.shipped, .delivered): true
    case (.placed, .cancelled), (.packed, .cancelled): true
    default: false
    }
  }

  public var name: String {
    switch self {
    case .placed: "Placed"
    case .packed: "Packed"
    case .shipped: "Shipped"
    case .delivered: "Delivered"
    case .cancelled: "Cancelled"
    }
  }
}

/// One step of an order's history: what it became, when, and what goes with it (a carrier and
/// tracking reference once shipped, a reason once cancelled).
public struct OrderStatusChange: Hashable, Sendable, Codable {
  public var stage: OrderStage
  public var at: Date
  public var carrier: String?
  public var tracking: String?
  public var reason: String?

  public init(stage: OrderStage, at: Date, carrier: String? = nil, tracking: String? = nil, reason: String? = nil) {
    self.stage = stage
    self.at = at
    self.carrier = carrier
    self.tracking = tracking
    self.reason = reason
  }

  /// "Shipped with UPS, 1Z999", "Cancelled: out of stock", "Packed".
  public var summary: String {
    switch stage {
    case .shipped:
      [carrier, tracking].compactMap { $0 }.isEmpty
        ? "Shipped" : "Shipped with " + [carrier, tracking].compactMap { $0 }.joined(separator: ", ")
    case .cancelled:
      "Cancelled" + (reason.map { ": " + $0 } ?? "")
    default:
      stage.name
    }
  }
}

/// What `POST /admin/orders/{id}/status` asks: `{"status":"shipped","carrier":"UPS",
/// "tracking":"1Z999"}`, `{"status":"cancelled","reason":"…"}`, `{"status":"packed"}`.
public struct OrderStatusRequest: Hashable, Sendable, Codable {
  public var status: OrderStage
  public var carrier: String?
  public var tracking: String?
  public var reason: String?

  public init(status: OrderStage, carrier: String? = nil, tracking: String? = nil, reason: String? = nil) {
    self.status = status
    self.carrier = carrier
    self.tracking = tracking
    self.reason = reason
  }
}
