import CursesTerminal

/// `todo-example`'s entry: the to-do list full-screen on this terminal.
public enum TodoExample {
  /// Runs the list until it quits; the exit status. `accessible`: the form one question at a
  /// time, in plain lines.
  public static func run(accessible: Bool) async -> Int32 {
    await CursesTerminal.run(TodoList(accessible: accessible))
  }
}
