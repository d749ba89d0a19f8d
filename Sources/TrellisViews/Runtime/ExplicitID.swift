/// An explicit identity (a `ForEach` row's id, `.id(_:)`, a presented item), kept as it was
/// given and made an `AnyHashable` only when something reads it as one.
///
/// Why not an `AnyHashable` from the start: making one checks at run time whether the id's
/// type has a custom `AnyHashable` representation, a protocol-conformance lookup of about 800
/// instructions, paid by every mounted `ForEach` row (a twentieth of its mount) although
/// only names, dumps, a picker's options and renderers that ask ever read it.
struct ExplicitID {
  private enum Storage {
    /// Given as an `AnyHashable` already (kept as it is: in an existential it would not fit
    /// the inline buffer).
    case hashable(AnyHashable)
    case value(any Hashable)
  }

  private let storage: Storage

  /// An identity given as an `AnyHashable`.
  init(_ id: AnyHashable) { storage = .hashable(id) }

  /// An identity given as a value of its own type (no conversion now).
  init<ID: Hashable>(value id: ID) { storage = .value(id) }

  /// The identity as an `AnyHashable`, made on each read.
  var hashable: AnyHashable {
    switch storage {
    case .hashable(let id): id
    case .value(let id): AnyHashable(id)
    }
  }

  /// The identity as names and dumps show it: ids longer than 32 characters (UUIDs) are
  /// shortened to their first 8 characters and `…`; an `ObjectIdentifier` (the default id of
  /// an `Identifiable` class) is shown as its address in hex, which tells objects apart within
  /// one run. (Shortened past 12 characters, ids such as `conversation-1` and `conversation-2`
  /// read alike in logs, and every `ObjectIdentifier` read `ObjectId…`: found by a new user.)
  var text: String {
    let base = hashable.base
    if let object = base as? ObjectIdentifier {
      return "0x" + String(UInt(bitPattern: object), radix: 16)
    }
    let text = "\(base)"
    return text.count > 32 ? String(text.prefix(8)) + "…" : text
  }
}
