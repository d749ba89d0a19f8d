import TrellisGraph

/// The navigation context of the views inside a stack or a split-view column: where the
/// destinations registered by `.navigationDestination(for:)` are, how a value link pushes, and
/// the levels pushed without a value. Reaches those views through their environment.
///
/// A stack has one; a split view has one per column, sharing one destination table, so that a
/// value link in a column shows its destination in the next column.
@MainActor
final class NavigationRegistry {
  /// The view whose body holds the stack or split view, for diagnostics.
  let holder: String

  /// A diagnostic's names: `place` (where a link or destination is), then the holder, named
  /// once when it is the same view.
  func diagnosticNodes(from place: String) -> [String] {
    place == holder ? [place] : [place, holder]
  }
  /// The destinations by value type.
  let destinations: DestinationTable
  /// What a push of a value did.
  enum PushOutcome {
    /// The value was pushed (or selected, in a split view).
    case pushed
    /// The path could hold it, but it was refused, and the refusal reported (no destination
    /// shows values of its type).
    case refused
    /// The path cannot hold it (the link reports it).
    case cannotHold
  }

  /// Pushes a value (a `NavigationLink(value:)` tap).
  var pushValue: (@MainActor (AnyHashable) -> PushOutcome)?
  /// Why the path cannot hold a value (`its path holds Int values`), or nil when it can; for
  /// the diagnostic of a link whose value the path refuses.
  var refusal: (@MainActor (AnyHashable) -> String?)?
  /// Levels pushed without a value (`navigationDestination(isPresented:)`, `(item:)`,
  /// `NavigationLink(destination:)`), in the order they were pushed; nil where there are none
  /// (a split view's column).
  var presentedLevels: PresentedLevels?
  /// The destination types reported as declared inside a lazy container's rows (once each).
  var reportedLazyDestinations: Set<ObjectIdentifier> = []

  init(holder: String, destinations: DestinationTable, presentedLevels: PresentedLevels?) {
    self.holder = holder
    self.destinations = destinations
    self.presentedLevels = presentedLevels
  }
}

/// The destinations registered by `.navigationDestination(for:)` inside one stack or split
/// view, by value type. When several views register one type (reported), the one closest to
/// the root wins, as in SwiftUI, the first registered among equals; when it leaves the tree,
/// the next is used.
@MainActor
final class DestinationTable {
  private struct Entry {
    let owner: ObjectIdentifier
    /// The registering view's depth in the tree.
    let depth: Int
    var make: DestinationMaker
  }

  private var byType: [ObjectIdentifier: [Entry]] = [:]
  /// Told when a registration may change what the container shows.
  var onChange: (@MainActor () -> Void)?
  /// The value types the container shows a destination of now: re-registering one of these
  /// (a new closure) re-runs the container; other re-registrations need not.
  var typesInUse: Set<ObjectIdentifier> = []
  /// Whether the container's own pass is running (its registrations need no new pass).
  var isPassRunning = false

  /// Registers `make` as the destination of values of `type`, for `owner`, a view at `depth`;
  /// a view registering again keeps its place.
  func register(
    _ type: ObjectIdentifier, owner: ObjectIdentifier, depth: Int,
    make: @escaping DestinationMaker
  ) {
    var entries = byType[type] ?? []
    let index = entries.firstIndex { $0.owner == owner }
    if let index {
      entries[index].make = make
    } else {
      entries.append(Entry(owner: owner, depth: depth, make: make))
    }
    byType[type] = entries
    if !isPassRunning, index == nil || typesInUse.contains(type) { onChange?() }
  }

  /// Whether a view other than `owner` registered a destination for `type`.
  func hasRegistration(of type: ObjectIdentifier, besides owner: ObjectIdentifier) -> Bool {
    byType[type]?.contains { $0.owner != owner } ?? false
  }

  /// Removes `owner`'s registration for `type`.
  func unregister(_ type: ObjectIdentifier, owner: ObjectIdentifier) {
    guard var entries = byType[type], entries.contains(where: { $0.owner == owner }) else {
      return
    }
    entries.removeAll { $0.owner == owner }
    byType[type] = entries.isEmpty ? nil : entries
    if !isPassRunning, typesInUse.contains(type) { onChange?() }
  }

  /// The destination for `value`, by the type of the value inside.
  func destination(for value: AnyHashable) -> DestinationMaker? {
    guard let entries = byType[ObjectIdentifier(type(of: value.base))] else { return nil }
    // `min` keeps the first of equal depths.
    return entries.min { $0.depth < $1.depth }?.make
  }
}

/// Makes the destination view of a pushed value.
typealias DestinationMaker = @MainActor (AnyHashable) -> AnyView

/// The levels a stack shows above its path's, pushed without a value: each by a view that
/// owns it (a `navigationDestination(isPresented:)` or `(item:)` modifier, a
/// `NavigationLink(destination:)`), which removes it when it is dismissed or leaves the tree.
@MainActor
final class PresentedLevels {
  struct Level {
    /// The view that pushed it.
    let owner: ObjectIdentifier
    /// Its identity besides its owner (an item's value; a flag's `true`).
    let key: AnyHashable
    /// Builds its content (tracked, in the stack's pass).
    var content: @MainActor () -> AnyView
    /// Ends it through what pushed it (the binding, the link).
    var dismiss: @MainActor () -> Void
  }

  private(set) var levels: [Level] = []
  /// Told when the levels change, except while the stack's own pass runs.
  var onChange: (@MainActor () -> Void)?
  /// Whether the stack's own pass is running. The pass updates its root, whose modifiers and
  /// links set their levels again each time; it reads the levels after that, so telling it
  /// would only run it again, forever.
  var isPassRunning = false

  /// The identities of the levels, in order: what a pass builds from them.
  var keys: [AnyHashable] { levels.map { AnyHashable([AnyHashable($0.owner), $0.key]) } }

  /// Pushes or updates `owner`'s level: a new key is a new level (the old one is popped).
  func set(
    owner: ObjectIdentifier, key: AnyHashable, content: @escaping @MainActor () -> AnyView,
    dismiss: @escaping @MainActor () -> Void
  ) {
    if let index = levels.firstIndex(where: { $0.owner == owner }) {
      if levels[index].key == key {
        levels[index].content = content
        levels[index].dismiss = dismiss
        if !isPassRunning { onChange?() }
        return
      }
      levels.remove(at: index)
    }
    levels.append(Level(owner: owner, key: key, content: content, dismiss: dismiss))
    if !isPassRunning { onChange?() }
  }

  /// Removes `owner`'s level, if it has one.
  func remove(owner: ObjectIdentifier) {
    guard let index = levels.firstIndex(where: { $0.owner == owner }) else { return }
    levels.remove(at: index)
    if !isPassRunning { onChange?() }
  }

  /// Whether `owner` has a level.
  func contains(owner: ObjectIdentifier) -> Bool { levels.contains { $0.owner == owner } }
}

/// Marks the rows of a lazy container (`List`, `LazyVStack`, `LazyHStack`), with the
/// navigation context it is in: a `navigationDestination` declared in such a row, for that
/// stack, is seen only while the row is realized.
@MainActor
final class LazyContainerMarker {
  let kind: ElementKind
  let place: String
  weak var registry: NavigationRegistry?

  init(kind: ElementKind, place: String, registry: NavigationRegistry?) {
    self.kind = kind
    self.place = place
    self.registry = registry
  }
}

extension ViewNode {
  /// Marks this lazy container's subtree (see `LazyContainerMarker`); once, when it is new.
  func markLazyContainer(kind: ElementKind) {
    ensureOwnEnvironment()
    environment.setObject(
      LazyContainerMarker(
        kind: kind, place: enclosingViewName, registry: enclosingNavigationRegistry))
  }

  /// The navigation context of the nearest enclosing stack or split-view column, read without
  /// a dependency.
  var enclosingNavigationRegistry: NavigationRegistry? {
    GraphEvaluation.untracked { environment.object(NavigationRegistry.self) }
  }

  /// The kind of the presented content (a sheet, a cover, an alert) this node is in, if any,
  /// read without a dependency.
  var enclosingPresentation: ElementKind? {
    GraphEvaluation.untracked { environment.object(PresentationBoundary.self)?.kind }
  }
}
