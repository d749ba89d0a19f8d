import Testing

@testable import TrellisTracking

private final class Folder: Trackable {
  @Tracked var name = "Inbox"
  @Tracked var children: [Folder] = []
  @Tracked var parent: Folder?
}

private final class Legacy: ObjectTrackable {
  let objectChanges = ObjectChangeNotifier()
  @ObjectTracked var title = ""
}

private struct Holder {
  let folders: [Folder]
  let legacy: Legacy?
  let model: HandWritten
}

@Suite struct TrackedSourceDirectoryTests {
  /// The sources `body` reads, in read order.
  private func sources(_ body: () -> Void) -> [TrackingSource] {
    trackedReads(during: body).sources
  }

  @Test func everyKindOfSourceReachableFromTheRootsIsNamed() {
    let root = Folder()
    let child = Folder()
    child.name = "Work"
    child.parent = root  // a cycle: the walk visits each object once
    root.children = [child]
    let legacy = Legacy()
    let model = HandWritten()
    let read = sources {
      _ = root.name
      _ = child.name
      _ = legacy.title
      _ = model.count
    }
    let directory = TrackedSourceDirectory(
      reachableFrom: [Holder(folders: [root], legacy: legacy, model: model)])
    #expect(
      read.map { directory.name(of: $0) }
        == ["Folder#1.name", "Folder#2.name", "Legacy.*", "HandWritten.<computed Int>"])
    // A computed key path has no name at run time (see `keyPathPropertyName`).
    child.parent = nil  // breaks the cycle, which would otherwise leak
  }

  @Test func aSourceTheWalkDoesNotMeetHasNoName() {
    let reachable = Folder()
    let unreachable = Folder()
    let read = sources { _ = unreachable.name }
    #expect(TrackedSourceDirectory(reachableFrom: [reachable]).name(of: read[0]) == nil)
    #expect(TrackedSourceDirectory(reachableFrom: [1, "text", [2: 3]]).name(of: read[0]) == nil)
  }
}
