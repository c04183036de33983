import BackOffice
import TerminalKit

/// The whole back office on one screen: the tabs and the store it is pointed at, the tab's
/// body, and the keys of what has them now.
enum AdminScreen {
  static func render(_ state: BackOfficeFeature.State, size: Size, context: RenderContext) -> Frame<AdminCommand> {
    var frame = Frame<AdminCommand>(size: size, theme: context.theme)
    let layout = AdminLayout(size: size)
    guard layout.fits else {
      let needed = "The back office needs \(AdminLayout.minimum.width)×\(AdminLayout.minimum.height); this is \(size.width)×\(size.height)."
      for (index, line) in TextLayout.wrap(needed, toWidth: max(1, size.width)).prefix(size.height).enumerated() {
        frame.draw(line, at: Point(x: 0, y: index), width: size.width, style: frame.theme.warning)
      }
      return frame
    }
    let tabs = BackOfficeFeature.Tab.allCases
    frame.render(
      Tabs<AdminCommand>(tabs.map(\.rawValue), selected: tabs.firstIndex(of: state.tab), press: { .app(.tabSelected(tabs[$0])) }),
      in: layout.header
    )
    let tabsWidth = Tabs<AdminCommand>.width(of: tabs.map(\.rawValue))
    let name = "Back office · " + state.storeName
    let nameWidth = min(TextWidth.columns(of: name), max(0, layout.header.width - tabsWidth - 2))
    frame.draw(name, at: Point(x: layout.header.maxX - nameWidth, y: 0), width: nameWidth, style: frame.theme.secondary)

    switch state.tab {
    case .orders: OrdersScreen.render(state, layout: layout, on: &frame)
    case .catalog: CatalogScreen.render(state.catalog, layout: layout, on: &frame)
    case .customers: CustomersScreen.render(state, layout: layout, on: &frame)
    case .audit: AuditScreen.render(state.audit, layout: layout, on: &frame)
    }
    DrillDownScreen.render(state, layout: layout, on: &frame)
    frame.render(KeyHints<AdminCommand>(AdminKeys.hints(for: state)), in: layout.footer)
    return frame
  }
}
