import Shop

/// The Profile tab: the customer's name and email, a spinner while loading, or what went wrong
/// and Retry.
public enum ProfileScreen {
  public static func draw(_ state: ProfileFeature.State, layout: AppLayout, on canvas: inout Canvas, context: RenderContext) {
    let theme = context.theme
    canvas.draw("Profile", at: Point(x: layout.header.x + 1, y: layout.header.y), style: theme.title)
    canvas.draw(String(repeating: "─", count: layout.rule.width), at: Point(x: 0, y: layout.rule.y), style: theme.secondary)

    switch state.status {
    case .idle, .loading:
      Spinner.draw("Loading profile…", in: layout.body, on: &canvas, frame: context.spinnerFrame, theme: theme)
    case let .failed(error):
      ErrorMessage.draw(
        title: "Oops, we couldn't load your profile", reason: error.message,
        in: layout.body, on: &canvas, theme: theme
      )
    case .loaded:
      guard let profile = state.profile else { return }
      let fields = [("Full name", profile.fullName), ("Email", profile.email), ("Username", profile.username)]
      let block = layout.body.centered(width: min(layout.body.width, 60), height: fields.count * 2 - 1)
      for (index, field) in fields.enumerated() {
        let row = block.row(index * 2)
        canvas.draw(field.0, at: Point(x: row.x, y: row.y), width: 12, style: theme.secondary)
        canvas.draw(field.1, at: Point(x: row.x + 12, y: row.y), width: row.width - 12, style: theme.title)
      }
    }
  }
}
