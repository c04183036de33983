/// A grid of cells to draw a frame in: what screens draw on (inside a ``Frame``), and the only
/// thing a terminal paints.
///
/// Each cell holds one grapheme and the style to draw it in. A grapheme two columns wide
/// occupies its cell and the next, which is marked as a continuation (`width == 0`). Drawing
/// never leaves the grid, never splits a wide grapheme, and sanitizes text first (see
/// ``SafeText``), so nothing drawn here can break a border or reach the terminal as a command.
public struct Canvas: Hashable, Sendable {
  /// A plain value — no reference inside — so that frames cost no reference counting (see
  /// `CellText`).
  public struct Cell: Hashable, Sendable {
    var content: CellText
    private var columns: UInt8
    public var style: Style

    /// The grapheme, or "" for the right half of a wide one. A grapheme of more than 23 bytes
    /// of UTF-8 is kept as its first code point.
    public var text: String {
      get { content.string }
      set { content = CellText(newValue) }
    }

    /// The grapheme's one code point, when it is one (most cells): without making a `String`.
    public var scalar: Unicode.Scalar? { content.scalar }

    /// 1 or 2 for a grapheme's first column, 0 for the column a wide grapheme spills into.
    public var width: Int {
      get { Int(columns) }
      set { columns = UInt8(clamping: newValue) }
    }

    public init(text: String, width: Int, style: Style) {
      self.init(content: CellText(text), width: width, style: style)
    }

    init(content: CellText, width: Int, style: Style) {
      self.content = content
      self.columns = UInt8(clamping: width)
      self.style = style
    }

    public static let blank = Cell(content: .space, width: 1, style: .plain)

    /// A space in the terminal's own style: what a blank screen shows.
    public var isBlank: Bool { content == .space && style == .plain }
  }

  public let size: Size
  public private(set) var cells: [Cell]
  /// Where the terminal's cursor shows — the point of input of a text field being edited — or
  /// `nil` to hide it. Always a cell of the canvas.
  public var cursor: Point? { focusIsInput ? focus : nil }

  /// The locus of focus: the selected row, the focused button, the point of input. After a
  /// frame the terminal's cursor rests here — visible at a point of input, elsewhere only where
  /// the program asks (a screen reader's terminal) — because screen readers and input methods
  /// follow the real cursor. What is drawn last and says so wins: a dialog over a list. Always
  /// a cell of the canvas.
  public private(set) var focus: Point?
  /// Whether ``focus`` is a point of input (``showCursor(at:)``), where the cursor always shows.
  public private(set) var focusIsInput = false

  /// The largest frame drawn, whatever size the terminal claims: enough for any real screen, and
  /// a bound on memory when a terminal reports something absurd.
  public static let maximumSize = Size(width: 1_000, height: 500)

  public init(size: Size) {
    let width = min(max(0, size.width), Self.maximumSize.width)
    let height = min(max(0, size.height), Self.maximumSize.height)
    self.size = Size(width: width, height: height)
    self.cells = Array(repeating: .blank, count: width * height)
  }

  public var bounds: Rect { Rect(size: size) }

  public subscript(x: Int, y: Int) -> Cell {
    cells[y * size.width + x]
  }

  /// Shows the terminal's cursor at `point` (hidden if `point` is `nil` or off the canvas): a
  /// person, and a screen reader, find the point of input there. It is the focus too.
  public mutating func showCursor(at point: Point?) {
    let point = point.flatMap { bounds.contains($0) ? $0 : nil }
    if point != nil || focusIsInput {
      focus = point
      focusIsInput = point != nil
    }
  }

  /// Puts the locus of focus at `point` (a selected row's first cell, a focused button's): the
  /// terminal's cursor rests there after the frame. A point off the canvas is ignored.
  public mutating func markFocus(at point: Point) {
    guard bounds.contains(point) else { return }
    focus = point
    focusIsInput = false
  }

  // MARK: Drawing

  /// Draws `text` from `point`, at most `width` columns (to the canvas edge by default),
  /// truncated with "…" if it does not fit. Returns the columns used.
  @discardableResult
  public mutating func draw(
    _ text: String, at point: Point, width: Int? = nil, style: Style = .plain, truncate: Bool = true
  ) -> Int {
    guard point.y >= 0, point.y < size.height else { return 0 }
    let available = min(width ?? Int.max, size.width - point.x)
    guard available > 0 else { return 0 }
    if point.x >= 0, let drawn = drawStandalone(text, at: point, available: available, style: style) { return drawn }
    return drawGraphemes(text, at: point, available: available, style: style, truncate: truncate)
  }

  /// The general way: sanitized, truncated to `available` columns, drawn grapheme by grapheme.
  mutating func drawGraphemes(_ text: String, at point: Point, available: Int, style: Style, truncate: Bool) -> Int {
    let safe = SafeText.sanitize(text)
    let fitted = truncate ? TextLayout.truncate(safe, toWidth: available) : safe
    var x = point.x
    for character in fitted {
      let columns = TextWidth.columns(of: character)
      if columns == 0 { continue }
      if x + columns > point.x + available { break }
      if x >= 0 {
        put(CellText(character), columns: columns, x: x, y: point.y, style: style)
      }
      x += columns
    }
    return x - point.x
  }

  /// Draws one character that takes one column — a picture's symbol — at `point`, without the
  /// work text needs (no sanitizing pass, no truncation): a picture is hundreds of them a
  /// frame. Anything else (a control character, a wide or zero-width one) is drawn as a space.
  public mutating func drawSymbol(_ character: Character, at point: Point, style: Style) {
    guard point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width else { return }
    let printable = character.unicodeScalars.count == 1 && !SafeText.isDropped(character.unicodeScalars.first!)
    put(printable && TextWidth.columns(of: character) == 1 ? CellText(character) : .space, columns: 1, x: point.x, y: point.y, style: style)
  }

  /// Draws `text` in the middle of `rect`'s first row.
  @discardableResult
  public mutating func drawCentered(_ text: String, in rect: Rect, style: Style = .plain) -> Int {
    let fitted = TextLayout.truncate(SafeText.sanitize(text), toWidth: rect.width)
    let columns = TextWidth.columns(of: fitted)
    return draw(fitted, at: Point(x: rect.x + (rect.width - columns) / 2, y: rect.y), width: rect.width, style: style)
  }

  /// Blanks `rect` and gives it `style` — the first step of drawing anything over something else.
  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      repairWideCells(row: y, from: area.x, to: area.maxX)
      for x in area.x..<area.maxX {
        cells[y * size.width + x] = Cell(content: .space, width: 1, style: style)
      }
    }
  }

  /// Adds `style` to every cell of `rect`, keeping its text: a selection bar over a row.
  public mutating func highlight(_ rect: Rect, with style: Style) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        cells[y * size.width + x].style = cells[y * size.width + x].style.adding(style)
      }
    }
  }

  /// The quick way, for text that fits and is made only of ``StandaloneScalar``s — code points
  /// that are a grapheme each and that sanitizing keeps: nothing to strip, nothing to truncate
  /// and no grapheme breaking, which was most of a frame's drawing time. `nil` for any other
  /// text, which then goes the general way; both draw the same cells (a test holds them to it).
  private mutating func drawStandalone(_ text: String, at point: Point, available: Int, style: Style) -> Int? {
    var columns = 0
    for scalar in text.unicodeScalars {
      guard StandaloneScalar.contains(scalar) else { return nil }
      columns += TextWidth.columns(of: scalar)
      if columns > available { return nil }
    }
    var x = point.x
    for scalar in text.unicodeScalars {
      let width = TextWidth.columns(of: scalar)
      guard width > 0 else { continue }
      put(CellText(scalar), columns: width, x: x, y: point.y, style: style)
      x += width
    }
    return columns
  }

  // MARK: Cells

  private mutating func put(_ text: CellText, columns: Int, x: Int, y: Int, style: Style) {
    guard x >= 0, x + columns <= size.width else { return }
    repairWideCells(row: y, from: x, to: x + columns)
    cells[y * size.width + x] = Cell(content: text, width: columns, style: style)
    if columns == 2 {
      cells[y * size.width + x + 1] = Cell(content: .empty, width: 0, style: style)
    }
  }

  /// Before columns `start..<end` of a row are overwritten: a wide grapheme that would lose
  /// one of its halves is replaced by blanks, so no half-character is ever left behind.
  private mutating func repairWideCells(row y: Int, from start: Int, to end: Int) {
    let base = y * size.width
    if start > 0, start < size.width, cells[base + start].width == 0 {
      cells[base + start - 1] = Cell(content: .space, width: 1, style: cells[base + start - 1].style)
      cells[base + start].width = 1
      cells[base + start].content = .space
    }
    if end < size.width, end > 0, cells[base + end].width == 0 {
      cells[base + end] = Cell(content: .space, width: 1, style: cells[base + end].style)
    }
  }
}
