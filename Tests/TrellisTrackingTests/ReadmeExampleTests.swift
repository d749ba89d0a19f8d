import Testing
import TrellisTracking

// The usage example of README.md. The lines between the markers are the README's, so that
// the example keeps compiling; `print` is captured to check what it prints.

// README example begin
final class TapCounter: Trackable {
  @Tracked var taps = 0
  @Tracked var title = "Taps"
}
// README example end

@Suite struct ReadmeExampleTests {
  @Test func examplePrintsWhatTheReadmeSays() {
    let printed = Log<String>()
    @Sendable func print(_ line: String) { printed.append(line) }

    // README example begin
    let counter = TapCounter()
    withTracking {
      print("\(counter.title): \(counter.taps)")  // records both reads
    } onChange: {
      print("will change")  // runs once, before the new value is stored
    }
    counter.taps += 1  // prints "will change"
    counter.taps += 1  // prints nothing: the observation was one-shot
    // README example end

    #expect(printed.entries == ["Taps: 0", "will change"])
    #expect(counter.taps == 2)
  }
}
