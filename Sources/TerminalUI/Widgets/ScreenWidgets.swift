import TerminalKit

/// The shop's buttons: ``Button`` in frames whose clicks are ``KeyCommand``s.
typealias ScreenButton = Button<KeyCommand>

/// The shop's lists: ``ScrollingList`` in frames whose clicks are ``KeyCommand``s.
typealias ScreenList = ScrollingList<KeyCommand>
