import TerminalKit
import TerminalKitTesting
import Testing

@MainActor
struct TipJarTests {
  /// The widget alone, as the rows it must draw.
  @Test func aGaugeFillsInProportion() {
    let gauge = Canvas.rendering(Gauge<Never>(value: 3, maximum: 10), size: Size(width: 15, height: 1), theme: .monochrome)
    #expect(gauge.textRows == ["███░░░░░░░ 3/10"])
  }

  /// The whole screen after two tips: its text and every change of style.
  @Test func theScreenAfterTwoTips() async {
    let jar = ProgramLoop.testing(TipJar(), size: Size(width: 40, height: 7))
    await jar.start()
    await jar.press(.character("+"))
    await jar.press(.character("+"))
    assertSnapshot(of: jar.frame().canvas, as: .screen)
    assertSnapshot(of: jar.frame().canvas, as: .svg)
  }

  /// A click on the button adds a tip, as the key does.
  @Test func theButtonAddsATip() async {
    let jar = ProgramLoop(program: TipJar(), backend: RecordingTerminal(size: Size(width: 40, height: 7)), waitsForWork: true, tickInterval: nil)
    await jar.start()
    await jar.mouse(MouseEvent(.press, at: Point(x: 3, y: 3)))
    #expect(jar.program.tips == 1)
  }

  /// A recording of a key script, with the script's times, for asciinema to replay.
  @Test func aRecordingOfThreeKeys() async throws {
    let jar = ProgramLoop(program: TipJar(), backend: RecordingTerminal(size: Size(width: 40, height: 7), keptPaints: 10), waitsForWork: true, tickInterval: nil)
    let cast = await jar.recording(keys: try Key.sequence(parsing: "+ + -"))
    assertSnapshot(of: cast, as: .cast)
  }
}
