import Foundation
import Testing
import TrellisTracking

/// A model moved from `@Observable` with its synthesized `Codable`.
final class SavedNote: Trackable, Codable {
  @Tracked var title = "t"
  @Tracked var tags: [String] = []
  @Tracked var pinned: Bool?
}

/// A class value, compared by identity once decoded.
final class Blob: Codable {
  var bytes = 0
}

final class Attachment: Trackable, Codable {
  @Tracked var blob = Blob()
}

@Suite struct TrackedCodableTests {
  /// Found by a new user: a `Trackable` class with `Codable` properties did not get its
  /// `Codable` conformance synthesized, as an `@Observable` one does.
  @Test func aTrackableModelIsCodedAsItsValuesUnderThePropertiesNames() throws {
    let note = SavedNote()
    note.title = "Groceries"
    note.tags = ["home"]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(note)
    // A nil optional is left out, as a plain optional property is.
    #expect(String(decoding: data, as: UTF8.self) == #"{"tags":["home"],"title":"Groceries"}"#)
    let decoded = try JSONDecoder().decode(SavedNote.self, from: data)
    #expect(decoded.title == "Groceries")
    #expect(decoded.tags == ["home"])
    #expect(decoded.pinned == nil)
    note.pinned = true
    let pinned = try JSONDecoder().decode(SavedNote.self, from: try encoder.encode(note))
    #expect(pinned.pinned == true)
  }

  @Test func decodedStorageNotifiesAsDeclaredStorageDoes() throws {
    let data = Data(#"{"title":"a","tags":[]}"#.utf8)
    let decoded = try JSONDecoder().decode(SavedNote.self, from: data)
    let fired = Counter()
    withTracking {
      _ = decoded.title
    } onChange: {
      fired.increment()
    }
    // An equal value notifies nobody, as for `@Tracked var title = …`.
    decoded.title = "a"
    #expect(fired.count == 0)
    decoded.title = "b"
    #expect(fired.count == 1)
    // A class value: the identical instance notifies nobody, another one does.
    let attachment = try JSONDecoder().decode(
      Attachment.self, from: Data(#"{"blob":{"bytes":1}}"#.utf8))
    let blobFired = Counter()
    withTracking {
      _ = attachment.blob
    } onChange: {
      blobFired.increment()
    }
    attachment.blob = attachment.blob
    #expect(blobFired.count == 0)
    attachment.blob = Blob()
    #expect(blobFired.count == 1)
  }

  @Test func encodingInsideATrackingScopeRecordsNoRead() throws {
    let note = SavedNote()
    let fired = Counter()
    withTracking {
      _ = try? JSONEncoder().encode(note)
    } onChange: {
      fired.increment()
    }
    note.title = "changed"
    #expect(fired.count == 0)
  }
}
