import TerminalKit

/// Which rows of one of the shop's lists are on screen (the products, a picker's options, the
/// cart's lines, the order history): the kit's one list model, ``ListState``, under the name the
/// features use. The features keep their selection by product or order, so that it survives a
/// search; the list state keeps the rows on screen and moves the selection by ``SelectionMove``.
public typealias ListScroll = ListState
