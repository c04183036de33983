import Boundaries
import Foundation

/// The cart's dialogs around paying: what each says and which buttons it has.
extension AlertState where Action == CartFeature.Action.Alert {
  /// "Confirm your purchase": Pay (focused) and Cancel.
  static func confirmPurchase(total: Money, shipsTo address: ShippingAddress) -> Self {
    AlertState {
      TextState("Confirm your purchase")
    } actions: {
      ButtonState(action: .confirmPurchase) { TextState("Pay \(total.formatted)") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("Do you want to proceed with your purchase of \(total.formatted), shipping to \(address.fullName) in \(address.city)?")
    }
  }

  /// "Thank you!", with the order number when the store gave one and where it ships.
  static func orderSucceeded(number: Int?, shipsTo address: ShippingAddress?) -> Self {
    AlertState {
      TextState("Thank you!")
    } actions: {
      ButtonState(action: .orderCompletedAcknowledged) { TextState("Done") }
    } message: {
      TextState(
        "Your order is in process." + (number.map { " Your order number is \($0)." } ?? "")
          + (address.map { " It ships to \($0.fullName), \($0.city), \($0.countryName)." } ?? "")
      )
    }
  }

  /// "Order not confirmed": the store may have taken it, and paying again is safe.
  static func orderUnconfirmed(reason: String) -> Self {
    AlertState {
      TextState("Order not confirmed")
    } actions: {
      ButtonState { TextState("Done") }
    } message: {
      TextState(
        "\(reason), so your order may have gone through. Your cart is kept. "
          + "Paying again for the same items is safe: the store takes one order only once. "
          + "To check, look for the order in your order history at the store."
      )
    }
  }

  /// The store refused the order because something changed since the shopper saw it — a price,
  /// what is left, a product no longer sold: trying again later would not help, changing the
  /// cart would.
  static func orderRefused(reason: String) -> Self {
    AlertState {
      TextState("Not ordered")
    } actions: {
      ButtonState { TextState("Done") }
    } message: {
      TextState("\(reason). Nothing was ordered; your cart and address are kept, to change and pay again.")
    }
  }

  /// "Oops!", with the reason.
  static func orderFailed(reason: String) -> Self {
    AlertState {
      TextState("Oops!")
    } actions: {
      ButtonState { TextState("Done") }
    } message: {
      TextState("Unable to send order, try again later. \(reason).")
    }
  }
}
