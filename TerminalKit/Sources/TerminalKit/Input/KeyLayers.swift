/// The key maps in force, stacked: what a key does is decided by the first map that binds it,
/// from the innermost (a dialog, a focused field) out to the screen and then the app, after the
/// keys that work everywhere. A modal map (a dialog, a sheet, help) ends the search, so what is
/// underneath does not react. The same stack gives the footer its hints and help its sections,
/// so neither can promise a key that does something else.
public struct KeyLayers<Command> {
  /// The keys that work everywhere (quit, repaint): asked first, shown last.
  public var global: KeyMap<Command>
  /// The other maps, innermost first.
  public var layers: [KeyMap<Command>]

  @inlinable
  public init(global: KeyMap<Command>, layers: [KeyMap<Command>]) {
    self.global = global
    self.layers = layers
  }

  /// Every map in the order keys reach them, ending with the first modal one.
  public var inForce: [KeyMap<Command>] {
    var maps = [global]
    for layer in layers {
      maps.append(layer)
      if layer.isModal { break }
    }
    return maps
  }

  /// What `key` does, if anything. (The maps of ``inForce``, walked without building its
  /// array: this runs for every key.)
  @inlinable
  public func command(for key: Key) -> Command? {
    if let command = global.command(for: key) { return command }
    if global.isModal { return nil }
    for map in layers {
      if let command = map.command(for: key) { return command }
      if map.isModal { return nil }
    }
    return nil
  }

  /// What pasted text does: it goes to the innermost text input in force, if there is one;
  /// pasted text is never taken for keys.
  public func command(forPaste text: String) -> Command? {
    for map in inForce {
      if let input = map.textInput { return input.command(text) }
      if map.isModal { return nil }
    }
    return nil
  }

  /// The footer's hints: innermost first, the keys that work everywhere last, each once.
  public var footerHints: [Hint] {
    var hints: [Hint] = []
    var seen: Set<Hint> = []
    for map in helpOrder {
      for binding in map.bindings {
        if let hint = binding.footer, seen.insert(hint).inserted { hints.append(hint) }
      }
    }
    return hints
  }

  /// The maps as help lists them: innermost first, "anywhere" last.
  public var helpOrder: [KeyMap<Command>] {
    Array(inForce.dropFirst()) + [global]
  }
}
