import Boundaries
import Shop

/// What the back office drills into, one screen on another: an order, its customer, one of their
/// orders, and on. The console keeps them as a navigation stack (``BackOfficeFeature/State/path``)
/// and shows the top one, with the way there as a breadcrumb.
@Reducer
public enum BackOfficePath {
  case order(OrderDetailFeature)
  case customer(CustomerDetailFeature)
}

extension BackOfficePath.State: Hashable, Sendable {}
extension BackOfficePath.Action: Hashable, Sendable {}

extension BackOfficePath.State {
  /// What the breadcrumb calls this screen.
  public var crumb: String {
    switch self {
    case let .order(order): "Order #\(order.order.id)"
    case let .customer(customer): "Customer \(customer.customerID)"
    }
  }

  /// Whether this screen shows the same thing as `other` (the same order, the same customer):
  /// opening it again goes back to it instead of stacking a copy.
  func isSameScreen(as other: Self) -> Bool {
    switch (self, other) {
    case let (.order(one), .order(another)): one.order.id == another.order.id
    case let (.customer(one), .customer(another)): one.customerID == another.customerID
    default: false
    }
  }
}
