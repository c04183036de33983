import TerminalKit

/// The shop's buttons: ``Button`` in frames whose clicks are ``KeyCommand``s.
typealias ScreenButton = Button<KeyCommand>
