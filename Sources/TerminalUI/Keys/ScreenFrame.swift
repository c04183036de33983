import TerminalKit

/// A frame of the shop's screens: a click acts as the key it stands for would.
public typealias ScreenFrame = Frame<KeyCommand>
