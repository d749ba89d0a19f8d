import Synchronization
import Testing
import Trellis

// The code of the article "Coming from SwiftUI and Observation"
// (Trellis.docc/ComingFromSwiftUI.md).

final class Inbox: Trackable {
  @Tracked var unread = 0
  @Tracked var subject = "Welcome"
}

final class Thermometer: Trackable {
  private let registrar = TrackingRegistrar()
  private var storedCelsius = 20.0

  var celsius: Double {
    get {
      registrar.access(self, keyPath: \.celsius)
      return storedCelsius
    }
    set {
      registrar.withMutation(of: self, keyPath: \.celsius) { storedCelsius = newValue }
    }
  }
}

@MainActor
final class Mailbox: Trackable {
  @Tracked var messages: [String] = []
}

@Suite struct ComingFromSwiftUIArticleTests {
  @Test func withTrackingFiresOnceBeforeTheFirstChange() {
    let inbox = Inbox()
    let changes = Mutex(0)
    let subject = withTracking {
      inbox.subject
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    inbox.subject = "Re: Welcome"
    inbox.subject = "Fwd: Welcome"
    inbox.unread += 1
    #expect(subject == "Welcome")
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func aHandWrittenRegistrarTracksLikeTracked() {
    let thermometer = Thermometer()
    let changes = Mutex(0)
    withTracking {
      _ = thermometer.celsius
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    thermometer.celsius = 21.5
    #expect(changes.withLock { $0 } == 1)
    #expect(thermometer.celsius == 21.5)
  }

  @MainActor
  @Test func observationsDeliversTheCurrentValueThenOnePerTurn() async {
    let mailbox = Mailbox()
    var counts = Observations { mailbox.messages.count }.makeAsyncIterator()
    let first = await counts.next()
    mailbox.messages.append("hello")
    mailbox.messages.append("again")
    let second = await counts.next()
    #expect(first == 0)
    #expect(second == 2)
  }
}
