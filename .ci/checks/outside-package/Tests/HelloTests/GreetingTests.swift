import Hello
import SnapshotTesting
import TerminalKit
import TerminalKitTesting
import Testing

struct GreetingTests {
  @Test func greets() {
    let canvas = Canvas.rendering(Greeting(name: "Seoul"), size: Size(width: 20, height: 3))
    #expect(canvas.textRows[1].contains("Hello, Seoul!"))
    assertSnapshot(of: canvas, as: .screen)
  }
}
