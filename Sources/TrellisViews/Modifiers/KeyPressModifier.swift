import Foundation

extension View {
  /// Performs `action` when `key` is pressed while this view or a view inside it has focus,
  /// like SwiftUI's `onKeyPress(_:action:)`.
  ///
  /// Keys travel outwards from the focused view: each handler on the way, innermost first,
  /// gets the key until one returns `.handled`. A renderer with key input (the terminal)
  /// delivers them; see `KeyPressHandler`.
  /// - Parameters:
  ///   - key: the key to handle.
  ///   - action: returns `.handled` to stop the key, `.ignored` to pass it on.
  /// - Returns: the modified view.
  public func onKeyPress(
    _ key: KeyEquivalent, action: @escaping @MainActor () -> KeyPress.Result
  ) -> ModifiedContent<Self, KeyPressModifier> {
    modifier(
      KeyPressModifier(phases: [.down, .repeat], matches: { $0.key == key }) { _ in action() })
  }

  /// Performs `action` for presses of `key` in `phases`, like SwiftUI's
  /// `onKeyPress(_:phases:action:)`.
  /// - Parameters:
  ///   - key: the key to handle.
  ///   - phases: the phases to handle (a terminal reports only `.down`).
  ///   - action: receives the press; returns whether it handled it.
  /// - Returns: the modified view.
  public func onKeyPress(
    _ key: KeyEquivalent, phases: KeyPress.Phases,
    action: @escaping @MainActor (KeyPress) -> KeyPress.Result
  ) -> ModifiedContent<Self, KeyPressModifier> {
    modifier(KeyPressModifier(phases: phases, matches: { $0.key == key }, action: action))
  }

  /// Performs `action` for presses of any of `keys`, like SwiftUI's
  /// `onKeyPress(keys:phases:action:)`.
  /// - Parameters:
  ///   - keys: the keys to handle.
  ///   - phases: the phases to handle (default: down and repeat).
  ///   - action: receives the press; returns whether it handled it.
  /// - Returns: the modified view.
  public func onKeyPress(
    keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat],
    action: @escaping @MainActor (KeyPress) -> KeyPress.Result
  ) -> ModifiedContent<Self, KeyPressModifier> {
    modifier(KeyPressModifier(phases: phases, matches: { keys.contains($0.key) }, action: action))
  }

  /// Performs `action` for presses that type a character of `characters`, like SwiftUI's
  /// `onKeyPress(characters:phases:action:)`.
  /// - Parameters:
  ///   - characters: the characters to handle, such as `.alphanumerics`.
  ///   - phases: the phases to handle (default: down and repeat).
  ///   - action: receives the press; returns whether it handled it.
  /// - Returns: the modified view.
  public func onKeyPress(
    characters: CharacterSet, phases: KeyPress.Phases = [.down, .repeat],
    action: @escaping @MainActor (KeyPress) -> KeyPress.Result
  ) -> ModifiedContent<Self, KeyPressModifier> {
    modifier(
      KeyPressModifier(
        phases: phases,
        matches: { press in
          !press.characters.isEmpty
            && press.characters.unicodeScalars.allSatisfy { characters.contains($0) }
        }, action: action))
  }

  /// Performs `action` for every key press, like SwiftUI's `onKeyPress(phases:action:)`.
  /// - Parameters:
  ///   - phases: the phases to handle (default: down and repeat).
  ///   - action: receives the press; returns whether it handled it.
  /// - Returns: the modified view.
  public func onKeyPress(
    phases: KeyPress.Phases = [.down, .repeat],
    action: @escaping @MainActor (KeyPress) -> KeyPress.Result
  ) -> ModifiedContent<Self, KeyPressModifier> {
    modifier(KeyPressModifier(phases: phases, matches: { _ in true }, action: action))
  }
}

/// The modifier behind `onKeyPress`.
public struct KeyPressModifier: _PrimitiveViewModifier {
  let phases: KeyPress.Phases
  let matches: @MainActor (KeyPress) -> Bool
  let action: @MainActor (KeyPress) -> KeyPress.Result

  /// Gives the modified view's first element a `keyPress` attribute carrying the handler; the
  /// handler object stays the same across updates (only its closures change), so an update
  /// sends no attribute change.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.setTransparent(isModifier: true)
    let handler = node.parts.part(KeyPressHandler.self) {
      KeyPressHandler(view: node.diagnosticName)
    }
    handler.phases = modifier.phases
    handler.matches = modifier.matches
    handler.action = modifier.action
    node.setAttributes([.keyPress(handler)])
    node.updateModifier(content: content)
  }
}

/// One `onKeyPress` modifier's handler, as renderers receive it in an element's
/// `ElementAttribute.keyPress` attribute.
///
/// A renderer that reads keys offers each key to the handlers of the focused element and then
/// of each element around it, innermost first (an element's attributes list the handlers of
/// the modifiers around it innermost first), until one answers `.handled`. The handler is the
/// modifier's own object: it keeps its identity while the view's identity lives, and answers
/// `.ignored` once the view has left the tree.
@MainActor
public final class KeyPressHandler: NodePart, Hashable, Sendable {
  /// The view whose body holds the modifier, for logs.
  public let view: String
  var phases: KeyPress.Phases = [.down, .repeat]
  var matches: @MainActor (KeyPress) -> Bool = { _ in false }
  var action: @MainActor (KeyPress) -> KeyPress.Result = { _ in .ignored }
  private var isMounted = true

  init(view: String) { self.view = view }

  /// Offers `press` to the handler: runs its action when the key and phase match.
  /// - Parameter press: the key event.
  /// - Returns: the action's answer, or `.ignored` when the key or phase does not match or the
  ///   view has left the tree.
  public func handle(_ press: KeyPress) -> KeyPress.Result {
    guard isMounted, !phases.isDisjoint(with: press.phase), matches(press) else { return .ignored }
    return action(press)
  }

  func nodeDidUnmount() {
    isMounted = false
    matches = { _ in false }
    action = { _ in .ignored }
  }

  /// Handlers are equal when they are the same object.
  nonisolated public static func == (lhs: KeyPressHandler, rhs: KeyPressHandler) -> Bool {
    lhs === rhs
  }

  /// Hashes the object's identity.
  /// - Parameter hasher: the hasher.
  nonisolated public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
