import Foundation
import TrellisGraph

/// A gesture attached with `.gesture(_:)`, like SwiftUI's `Gesture`: `TapGesture`,
/// `LongPressGesture` and `DragGesture`, with their `onChanged` and `onEnded` actions.
///
/// Headless, gestures are driven by the host: `ViewHost.tap(_:count:)`,
/// `ViewHost.longPress(_:)` and `ViewHost.drag(_:by:steps:)` find the view by its title (its
/// texts) and run the actions with the values a real gesture would produce. Composing gestures
/// (`simultaneously(with:)`, `sequenced(before:)`, `exclusively(before:)`) and `@GestureState`
/// are not supported.
@MainActor
public protocol Gesture {
  /// The value the gesture reports.
  associatedtype Value
  /// Installs the gesture's actions on a node. Implemented by the built-in gestures.
  func _attach(to node: ViewNode)
}

/// A tap, or several in a row, like SwiftUI's `TapGesture`.
public struct TapGesture: Gesture {
  /// A tap reports nothing.
  public typealias Value = Void
  /// How many taps in a row.
  public let count: Int
  let ended: @MainActor () -> Void

  /// Creates a tap gesture.
  /// - Parameter count: how many taps in a row (default 1).
  public init(count: Int = 1) {
    self.count = max(1, count)
    ended = {}
  }

  private init(count: Int, ended: @escaping @MainActor () -> Void) {
    self.count = count
    self.ended = ended
  }

  /// The same gesture, running `action` when it is recognized.
  /// - Parameter action: what the taps do.
  /// - Returns: the gesture.
  public func onEnded(_ action: @escaping @MainActor () -> Void) -> TapGesture {
    let previous = ended
    return TapGesture(count: count) {
      previous()
      action()
    }
  }

  /// Installs the tap action.
  public func _attach(to node: ViewNode) {
    let action = ended
    node.parts.part(TapGesturePart.self) { TapGesturePart(count: count, action: action) }
      .update(count: count, action: action)
  }
}

/// A press held for a while, like SwiftUI's `LongPressGesture`.
public struct LongPressGesture: Gesture {
  /// Whether the press is (still) in progress.
  public typealias Value = Bool
  /// How long the press must last, in seconds.
  public let minimumDuration: Double
  let changed: @MainActor (Bool) -> Void
  let ended: @MainActor (Bool) -> Void

  /// Creates a long-press gesture.
  /// - Parameter minimumDuration: how long the press must last (default 0.5 s).
  public init(minimumDuration: Double = 0.5) {
    self.init(minimumDuration: minimumDuration, changed: { _ in }, ended: { _ in })
  }

  private init(
    minimumDuration: Double, changed: @escaping @MainActor (Bool) -> Void,
    ended: @escaping @MainActor (Bool) -> Void
  ) {
    self.minimumDuration = minimumDuration
    self.changed = changed
    self.ended = ended
  }

  /// The same gesture, running `action` when the press starts (with true).
  /// - Parameter action: receives the gesture's value.
  /// - Returns: the gesture.
  public func onChanged(_ action: @escaping @MainActor (Bool) -> Void) -> LongPressGesture {
    let previous = changed
    return LongPressGesture(
      minimumDuration: minimumDuration,
      changed: {
        previous($0)
        action($0)
      }, ended: ended)
  }

  /// The same gesture, running `action` when the press has lasted long enough (with true).
  /// - Parameter action: receives the gesture's value.
  /// - Returns: the gesture.
  public func onEnded(_ action: @escaping @MainActor (Bool) -> Void) -> LongPressGesture {
    let previous = ended
    return LongPressGesture(
      minimumDuration: minimumDuration, changed: changed,
      ended: {
        previous($0)
        action($0)
      })
  }

  /// Installs the press actions.
  public func _attach(to node: ViewNode) {
    let changed = self.changed
    let ended = self.ended
    let part = node.parts.part(LongPressGesturePart.self) { LongPressGesturePart() }
    part.pressingChanged = changed
    part.action = { ended(true) }
  }
}

/// A drag, like SwiftUI's `DragGesture`: `onChanged` with each new position, `onEnded` with the
/// last.
public struct DragGesture: Gesture {
  /// Where a drag is.
  public struct Value: Equatable, Sendable {
    /// Where the drag started, in the view's coordinates.
    public var startLocation: CGPoint
    /// Where it is now.
    public var location: CGPoint
    /// How far it moved: `location - startLocation`.
    public var translation: CGSize
    /// Where it would end if it stopped now; headless, its location.
    public var predictedEndLocation: CGPoint
    /// How far it would have moved if it stopped now; headless, its translation.
    public var predictedEndTranslation: CGSize
    /// Its speed, in points per second; headless, zero.
    public var velocity: CGSize
    /// When this value was reported.
    public var time: Date
  }

  /// How far the drag must move before it is recognized.
  public let minimumDistance: CGFloat
  let changed: @MainActor (Value) -> Void
  let ended: @MainActor (Value) -> Void

  /// Creates a drag gesture.
  /// - Parameters:
  ///   - minimumDistance: how far it must move before it is recognized (default 10).
  ///   - coordinateSpace: ignored (there is one coordinate space).
  public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
    self.init(minimumDistance: minimumDistance, changed: { _ in }, ended: { _ in })
  }

  private init(
    minimumDistance: CGFloat, changed: @escaping @MainActor (Value) -> Void,
    ended: @escaping @MainActor (Value) -> Void
  ) {
    self.minimumDistance = minimumDistance
    self.changed = changed
    self.ended = ended
  }

  /// The same gesture, running `action` with every new position.
  /// - Parameter action: receives the drag's value.
  /// - Returns: the gesture.
  public func onChanged(_ action: @escaping @MainActor (Value) -> Void) -> DragGesture {
    let previous = changed
    return DragGesture(
      minimumDistance: minimumDistance,
      changed: {
        previous($0)
        action($0)
      }, ended: ended)
  }

  /// The same gesture, running `action` when the drag ends.
  /// - Parameter action: receives the drag's last value.
  /// - Returns: the gesture.
  public func onEnded(_ action: @escaping @MainActor (Value) -> Void) -> DragGesture {
    let previous = ended
    return DragGesture(
      minimumDistance: minimumDistance, changed: changed,
      ended: {
        previous($0)
        action($0)
      })
  }

  /// Installs the drag actions.
  public func _attach(to node: ViewNode) {
    let part = node.parts.part(DragGesturePart.self) { DragGesturePart() }
    part.minimumDistance = minimumDistance
    part.changed = changed
    part.ended = ended
  }
}

/// A coordinate space, like SwiftUI's `CoordinateSpace`; headless, every space is the same.
public enum CoordinateSpace: Hashable, Sendable {
  /// The view's own.
  case local
  /// The window's.
  case global
  /// A space named with `.coordinateSpace(name:)`.
  case named(String)
}

extension View {
  /// Runs `action` when the view is tapped `count` times, like SwiftUI's
  /// `.onTapGesture(count:perform:)`. A host taps it with `ViewHost.tap(_:count:)`, by the
  /// view's texts; a disabled view ignores it.
  /// - Parameters:
  ///   - count: the number of taps (default 1).
  ///   - action: what the taps do.
  /// - Returns: the modified view.
  public func onTapGesture(
    count: Int = 1, perform action: @escaping @MainActor () -> Void
  ) -> ModifiedContent<Self, GestureModifier<TapGesture>> {
    gesture(TapGesture(count: count).onEnded(action))
  }

  /// Runs `action` when the view is pressed for `minimumDuration`, like SwiftUI's
  /// `.onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)`. A host
  /// presses it with `ViewHost.longPress(_:)`.
  /// - Parameters:
  ///   - minimumDuration: how long the press must last (default 0.5 s).
  ///   - maximumDistance: ignored (a driven press does not move).
  ///   - action: what the press does.
  ///   - onPressingChanged: called with true when the press starts and false when it ends.
  /// - Returns: the modified view.
  public func onLongPressGesture(
    minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
    perform action: @escaping @MainActor () -> Void,
    onPressingChanged: (@MainActor (Bool) -> Void)? = nil
  ) -> ModifiedContent<Self, GestureModifier<LongPressGesture>> {
    modifier(
      GestureModifier(
        gesture: LongPressGesture(minimumDuration: minimumDuration)
          .onChanged { onPressingChanged?($0) }
          .onEnded { _ in
            action()
            onPressingChanged?(false)
          }))
  }

  /// Attaches `gesture` to the view, like SwiftUI's `.gesture(_:including:)`.
  /// - Parameters:
  ///   - gesture: the gesture.
  ///   - mask: ignored (a view's subviews' gestures are driven separately).
  /// - Returns: the modified view.
  public func gesture<G: Gesture>(
    _ gesture: G, including mask: GestureMask = .all
  ) -> ModifiedContent<Self, GestureModifier<G>> {
    modifier(GestureModifier(gesture: gesture))
  }

  /// Attaches `gesture` alongside the view's other gestures, like SwiftUI's
  /// `.simultaneousGesture(_:including:)`; headless, the same as `.gesture(_:)`.
  /// - Parameters:
  ///   - gesture: the gesture.
  ///   - mask: ignored.
  /// - Returns: the modified view.
  public func simultaneousGesture<G: Gesture>(
    _ gesture: G, including mask: GestureMask = .all
  ) -> ModifiedContent<Self, GestureModifier<G>> {
    modifier(GestureModifier(gesture: gesture))
  }
}

/// Which gestures of a view and its subviews are active, like SwiftUI's `GestureMask`; ignored.
public struct GestureMask: OptionSet, Hashable, Sendable {
  /// The bits.
  public let rawValue: Int
  /// Creates a mask from bits.
  /// - Parameter rawValue: the bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The view's own gesture.
  public static let gesture = GestureMask(rawValue: 1)
  /// The subviews' gestures.
  public static let subviews = GestureMask(rawValue: 2)
  /// Both.
  public static let all: GestureMask = [.gesture, .subviews]
  /// None.
  public static let none: GestureMask = []
}

/// The modifier behind `.gesture(_:)`, `.onTapGesture` and `.onLongPressGesture`.
public struct GestureModifier<G: Gesture>: _PrimitiveViewModifier {
  let gesture: G

  /// Installs the gesture's actions on the node.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.setTransparent(isModifier: true)
    modifier.gesture._attach(to: node)
    node.updateModifier(content: content)
  }
}

/// A tap gesture's count and action.
@MainActor
final class TapGesturePart: NodePart {
  private(set) var count: Int
  private(set) var action: @MainActor () -> Void

  init(count: Int, action: @escaping @MainActor () -> Void) {
    self.count = count
    self.action = action
  }

  func update(count: Int, action: @escaping @MainActor () -> Void) {
    self.count = count
    self.action = action
  }
}

/// A long-press gesture's actions.
@MainActor
final class LongPressGesturePart: NodePart {
  var pressingChanged: @MainActor (Bool) -> Void = { _ in }
  var action: @MainActor () -> Void = {}

  /// A press held long enough: the pressing callback gets true, then the action runs (which,
  /// for `onLongPressGesture`, ends the press).
  func press() {
    pressingChanged(true)
    action()
  }
}

/// A drag gesture's actions.
@MainActor
final class DragGesturePart: NodePart {
  var minimumDistance: CGFloat = 10
  var changed: @MainActor (DragGesture.Value) -> Void = { _ in }
  var ended: @MainActor (DragGesture.Value) -> Void = { _ in }

  /// Drags by `translation` in `steps` equal moves from the view's origin: `changed` once per
  /// step, then `ended` with the last value. Returns false, with a diagnostic naming `subject`
  /// in `node` (and `name` as its node), when the drag is shorter than `minimumDistance` (or
  /// either is NaN), as such a drag is not recognized.
  func drag(
    by translation: CGSize, steps: Int, subject: String, name: String, in node: ViewNode
  ) -> Bool {
    let distance = (translation.width * translation.width + translation.height * translation.height)
      .squareRoot()
    guard distance >= minimumDistance else {
      let message =
        minimumDistance.isNaN || distance.isNaN
        ? "A drag of \(Length.describe(distance)) on \(subject) in \(node.diagnosticName) "
          + "cannot be measured against its gesture's minimumDistance "
          + "(\(Length.describe(minimumDistance))): a NaN length is never reached, so it is "
          + "not recognized. Use finite lengths."
        : "A drag of \(Length.describe(distance)) on \(subject) in \(node.diagnosticName) is "
          + "shorter than its gesture's minimumDistance (\(Length.describe(minimumDistance))); "
          + "it is not recognized."
      TrellisDiagnostics.report(
        TrellisDiagnostic(kind: .invalidInput, nodes: [name], message: message))
      return false
    }
    let steps = max(1, steps)
    var value = DragGesture.Value(
      startLocation: .zero, location: .zero, translation: .zero, predictedEndLocation: .zero,
      predictedEndTranslation: .zero, velocity: .zero, time: Date())
    for step in 1...steps {
      let fraction = CGFloat(step) / CGFloat(steps)
      let moved = CGSize(width: translation.width * fraction, height: translation.height * fraction)
      value.translation = moved
      value.location = CGPoint(x: moved.width, y: moved.height)
      value.predictedEndTranslation = moved
      value.predictedEndLocation = value.location
      value.time = Date()
      changed(value)
    }
    ended(value)
    return true
  }
}

extension ViewHost {
  /// Presses the view titled `title` for as long as its `.onLongPressGesture` needs: its
  /// pressing callback gets true, its action runs, then the callback gets false.
  /// - Parameter title: the view's title (its texts).
  /// - Returns: false, with a diagnostic, when no view with a long-press gesture has that
  ///   title, several do, or it is disabled.
  @discardableResult
  public func longPress(_ title: String) -> Bool {
    let noun = "view with a long-press gesture"
    guard
      let node = uniqueNode(
        kind: noun, title: title, effect: "nothing was pressed",
        where: { $0.parts.contains(LongPressGesturePart.self) && $0.title == title }),
      enabled(node, noun: noun, title: title, effect: "nothing was pressed"),
      let part = node.parts[LongPressGesturePart.self]
    else { return false }
    part.press()
    return true
  }

  /// Drags the view titled `title` by `translation`, in `steps` equal moves: its `onChanged`
  /// runs once per step (the last with the whole translation), then its `onEnded` with the
  /// last value. The drag starts at the view's origin.
  /// - Parameters:
  ///   - title: the view's title (its texts).
  ///   - translation: how far to drag.
  ///   - steps: how many moves (default 1).
  /// - Returns: false, with a diagnostic, when no view with a drag gesture has that title,
  ///   several do, it is disabled, or the drag is shorter than the gesture's minimum distance
  ///   (it would not be recognized).
  @discardableResult
  public func drag(_ title: String, by translation: CGSize, steps: Int = 1) -> Bool {
    let noun = "view with a drag gesture"
    guard
      let node = uniqueNode(
        kind: noun, title: title, effect: "nothing was dragged",
        where: { $0.parts.contains(DragGesturePart.self) && $0.title == title }),
      enabled(node, noun: noun, title: title, effect: "nothing was dragged"),
      let part = node.parts[DragGesturePart.self]
    else { return false }
    return part.drag(
      by: translation, steps: steps, subject: "\"\(title)\"", name: title, in: node)
  }
}
