import BackOffice
import Shop
import TerminalKit

/// The catalog tab: every product with its stock, archived ones marked; the stock editor, the
/// product form or the archiving question over it when one is open.
enum CatalogScreen {
  static func render(_ stock: CatalogFeature.State, layout: AdminLayout, on frame: inout Frame<AdminCommand>) {
    let theme = frame.theme
    let archived = stock.rows.filter(\.archived).count
    var status = "\(stock.rows.count) products · \(stock.rows.filter { $0.stock != nil }.count) with a stock"
    if archived > 0 { status += " · \(archived) archived" }
    switch stock.loading {
    case .loading where stock.rows.isEmpty: status = "Loading…"
    case let .failed(reason): status = reason
    default: break
    }
    if stock.isSaving { status += " · saving…" }
    if let failure = stock.failure { status = failure }
    if let pending = stock.pendingArchive {
      status = pending.archived
        ? "Restore \(pending.product.title)? The shop lists and sells it again. (y/n)"
        : "Archive \(pending.product.title)? The shop stops listing and selling it; its orders keep it. (y/n)"
    }
    let warn = stock.failure != nil || stock.loading.isFailure || stock.pendingArchive != nil
    frame.draw(status, at: layout.statusLine.origin, width: layout.statusLine.width, style: warn ? theme.warning : theme.secondary)

    let rows = stock.rows
    let table = Table<AdminCommand>(
      columns: [
        .init("#", width: .length(5), alignment: .trailing),
        .init("Product", width: .fill(3)),
        .init("Category", width: .fill(1)),
        .init("Price", width: .length(9), alignment: .trailing),
        .init("Stock", width: .length(9), alignment: .trailing),
      ],
      rowCount: rows.count, selected: stock.selectedIndex, press: { .catalog(.rowTapped(rows[$0].id)) }
    ) { row, column in
      let entry = rows[row]
      let stockText = entry.archived ? "archived" : AdminText.stock(entry.stock)
      return ["\(entry.id)", entry.product.title, entry.product.category, entry.product.price.formatted, stockText][column]
    }
    var scroll = stock.scroll
    frame.render(table, in: layout.table, state: &scroll)
    // A question asked is what the keys answer: the focus is on it, not on the row it is about.
    if stock.pendingArchive != nil { frame.markFocus(at: layout.statusLine.origin) }
    FailureText.draw(stock.loading, whenEmpty: rows.isEmpty, in: layout.table, on: &frame)
    if let editor = stock.editor { drawEditor(editor, layout: layout, on: &frame) }
    if let form = stock.form { drawForm(form, layout: layout, on: &frame) }
  }

  /// The product form in a sheet over the table.
  private static func drawForm(_ form: ProductForm, layout: AdminLayout, on frame: inout Frame<AdminCommand>) {
    let area = layout.sheet
    frame.render(Sheet<AdminCommand>(over: layout.body, title: form.heading), in: area)
    let inside = area.insideBorder.insetBy(dx: 1, dy: 0)
    frame.render(FormView<ProductForm, ProductForm.Field, AdminCommand>(form.form), in: inside)
  }

  /// A small sheet at the foot of the table: the product, what is left now, and the field.
  private static func drawEditor(_ editor: StockEditor, layout: AdminLayout, on frame: inout Frame<AdminCommand>) {
    let width = min(layout.body.width - 4, 64)
    let area = Rect(x: layout.body.x + (layout.body.width - width) / 2, y: layout.body.maxY - 6, width: width, height: 6)
    let title = editor.mode == .count ? "Set the stock" : "Units in or out"
    frame.render(Sheet<AdminCommand>(over: layout.body, title: title, note: "now \(AdminText.stock(editor.current))"), in: area)
    let inside = area.insideBorder.insetBy(dx: 1, dy: 0)
    frame.draw(editor.title, at: inside.origin, width: inside.width, style: frame.theme.text)
    let label = editor.mode == .count ? "Count: " : "Units (+ in, - out): "
    let x = inside.x + frame.draw(label, at: Point(x: inside.x, y: inside.y + 1), style: frame.theme.title)
    frame.render(TextField<AdminCommand>(editor.field, placeholder: editor.mode == .count ? "such as 12" : "such as +5 or -2"), in: Rect(x: x, y: inside.y + 1, width: max(0, inside.maxX - x), height: 1))
    frame.draw(
      editor.message ?? "Enter saves · u: no limit · Esc leaves it", at: Point(x: inside.x, y: inside.y + 2), width: inside.width,
      style: editor.message == nil ? frame.theme.secondary : frame.theme.warning
    )
  }
}
