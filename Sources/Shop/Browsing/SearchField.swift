import TerminalKit

/// The search line being edited: the kit's one-line editing state (``TextFieldState``), whose
/// default limit of 200 characters is the longest search kept. Editing works as in a shell's
/// line editor; a paste's line breaks become spaces; escapes and controls never get in.
public typealias SearchField = TextFieldState
