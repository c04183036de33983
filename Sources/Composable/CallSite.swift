import IssueReporting

/// Where an operator was written, so that a problem it finds later points at that line.
@usableFromInline
package struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  @usableFromInline
  func reportIssue(_ message: String) {
    IssueReporting.reportIssue(
      message, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
