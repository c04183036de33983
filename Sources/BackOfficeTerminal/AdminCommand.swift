import BackOffice

/// What a key or a click stands for in the back office: a view action of one of its screens,
/// or the program's own quit and redraw.
public enum AdminCommand: Hashable, Sendable {
  case app(BackOfficeFeature.Action.ViewAction)
  case orders(OrdersFeature.Action.ViewAction)
  /// For the order on top of the drill-down.
  case order(OrderDetailFeature.Action.ViewAction)
  /// For the customer on top of the drill-down.
  case customer(CustomerDetailFeature.Action.ViewAction)
  case catalog(CatalogFeature.Action.ViewAction)
  case customers(CustomersFeature.Action.ViewAction)
  case audit(AuditFeature.Action.ViewAction)
  case quit
  case redraw
}
