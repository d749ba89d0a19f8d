import Synchronization

/// The graphemes of more than one scalar that cells have held, each stored once and named by a
/// number, so that a `GridCell` stays a plain value: copying a frame involves no reference
/// counting and comparing two cells compares integers.
///
/// Such graphemes (a letter with combining marks, an emoji sequence, a flag) are rare in a
/// frame, so the lock taken to store or look one up is not on the common path. The table only
/// grows, up to `capacity` distinct graphemes; after that a new one is drawn as its first
/// scalar (its marks or joined emoji are dropped), which keeps memory bounded for an app that
/// draws unbounded kinds of text.
enum GraphemeClusterTable {
  /// The most distinct graphemes kept.
  static let capacity = 1 << 20

  private struct Storage {
    var numbers: [String: UInt32] = [:]
    var graphemes: [String] = []
  }

  private static let storage = Mutex(Storage())

  /// The number of `grapheme`, storing it if it is new; nil when the table is full.
  static func number(of grapheme: String) -> UInt32? {
    storage.withLock { storage in
      if let number = storage.numbers[grapheme] { return number }
      guard storage.graphemes.count < capacity else { return nil }
      let number = UInt32(storage.graphemes.count)
      storage.graphemes.append(grapheme)
      storage.numbers[grapheme] = number
      return number
    }
  }

  /// The grapheme stored as `number`.
  static func grapheme(_ number: UInt32) -> String {
    storage.withLock { storage in
      Int(number) < storage.graphemes.count ? storage.graphemes[Int(number)] : " "
    }
  }
}
