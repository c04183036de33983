/// How the screens write a number of things: `1 item`, `3 items`.
enum Counted {
  static func items(_ count: Int) -> String {
    "\(count) \(count == 1 ? "item" : "items")"
  }
}
