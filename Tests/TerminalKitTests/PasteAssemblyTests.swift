import Clocks
import TerminalKit
import Testing

/// A bracketed paste gathered between its markers, with the time told, not waited for.
struct PasteAssemblyTests {
  typealias Assembly = PasteAssembly<TestClock<Duration>.Instant>
  let start = TestClock<Duration>().now

  @Test func aPasteIsItsTextWithEveryLineBreakOneNewline() {
    var paste = Assembly()
    paste.begin(at: start)
    for scalar in "one\r\ntwo\rthree\nfour\tfive".unicodeScalars { paste.append(scalar) }
    #expect(paste.end() == .paste("one\ntwo\nthree\nfour\tfive"))
    #expect(!paste.isOpen)
  }

  @Test func anEmptyPasteIsNoEventAndScalarsOutsideAPasteAreNotKept() {
    var paste = Assembly()
    paste.append("x")
    #expect(!paste.isOpen)
    paste.begin(at: start)
    #expect(paste.end() == nil)
    paste.begin(at: start)
    paste.append("y")
    #expect(paste.end() == .paste("y"), "nothing from before the paste began")
  }

  @Test func aPasteKeepsAtMostItsBoundAndDropsTheRest() {
    var paste = Assembly()
    paste.begin(at: start)
    for _ in 0..<(Assembly.maximumLength + 1_000) { paste.append("a") }
    paste.append("\r")
    paste.append("\n")
    guard case let .paste(text)? = paste.end() else { Issue.record("no paste"); return }
    #expect(text.unicodeScalars.count == Assembly.maximumLength)
    #expect(!text.contains("\n"), "what came past the bound is dropped, a line break too")
  }

  @Test func aPasteWhoseEndNeverComesEndsAfterItsDeadlineAndNotBefore() {
    var paste = Assembly()
    paste.begin(at: start)
    paste.append("z")
    #expect(paste.expire(at: start.advanced(by: Assembly.longest)) == nil, "not at the deadline itself")
    #expect(paste.isOpen)
    #expect(paste.expire(at: start.advanced(by: Assembly.longest + .milliseconds(1))) == .paste("z"))
    #expect(!paste.isOpen, "keys after it are keys again")
    #expect(paste.expire(at: start.advanced(by: .seconds(60))) == nil, "it ends once")
  }

  @Test func aSecondStartInsideAPasteKeepsItsTextAndItsDeadline() {
    var paste = Assembly()
    paste.begin(at: start)
    paste.append("a")
    paste.begin(at: start.advanced(by: .seconds(1)))
    paste.append("b")
    #expect(paste.expire(at: start.advanced(by: .milliseconds(2_500))) == .paste("ab"), "the deadline counts from the first start")
  }
}
