import TrellisGraph
import TrellisViews

/// What each input event does.
extension TerminalApp {
  /// Applies one event without flushing: a key (see the type's notes), a paste, a window
  /// change, or bytes that are no key (reported). `handle(_:)` applies a batch and draws.
  /// - Parameter event: the event.
  public func apply(_ event: TerminalEvent) { _ = applyEvent(event) }

  /// What a paste types: its text without control characters but line breaks, and a tab as a
  /// space (a terminal field has no tab stops). A pasted escape or control character went into
  /// the bound string, where the field hid it and printing the value later would send it to
  /// the terminal (found by a CLI author).
  /// - Parameter text: the pasted text.
  /// - Returns: the text to insert.
  static func pastedText(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n", "\r": scalars.append(scalar)
      case "\t": scalars.append(" ")
      default:
        if scalar.properties.generalCategory != .control { scalars.append(scalar) }
      }
    }
    return String(scalars)
  }

  /// Applies one event, as `apply(_:)` does.
  /// - Returns: whether it may have run the app's code (a key handler, a button, typing, a
  ///   dismissal), rather than only moved the focus, scrolled or resized.
  func applyEvent(_ event: TerminalEvent) -> Bool {
    switch event {
    case .key(let press):
      return handleKey(press)
    case .paste(let text):
      // A paste is text for the focused text field, typed whole (bracketed paste); with none
      // focused it has nowhere to go.
      guard let field = renderer.focusedElement, ElementAppearance.isTextEntry(field.kind),
        let connection = renderer.connection
      else { return false }
      renderer.syncHostFocus()
      connection.insertText(Self.pastedText(text))
      return true
    case .resize(let newSize):
      resize(to: newSize)
      return false
    case .unrecognized(let bytes):
      let hex = bytes.prefix(16).map { String($0, radix: 16, uppercase: true) }
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["terminal input"],
          message:
            "The terminal sent bytes that are no key this app knows (\(hex.joined(separator: " "))"
            + "\(bytes.count > 16 ? " …" : "")); they were ignored."))
      return false
    }
  }

  /// Applies a key.
  /// - Returns: whether it may have run the app's code: everything but Control-C and the
  ///   built-in keys that only move the focus or scroll.
  private func handleKey(_ terminalPress: TerminalKeyPress) -> Bool {
    if terminalPress == TerminalKeyPress(.character("c"), modifiers: .control) {
      requestExit(as: .interrupt)
      return false
    }
    if typeIntoFocusedField(terminalPress) { return true }
    let press = KeyPress(terminalPress)
    if dispatchToHandlers(press) == .handled { return true }
    if moveFocus(terminalPress) { return false }
    if handleBuiltInKey(terminalPress) { return true }
    _ = onUnhandledKey?(self, press)
    return true
  }

  /// Offers the key to the `onKeyPress` handlers from the focused element outwards, innermost
  /// first; with no focus, to the handlers of the shown elements, the last in tree order first.
  private func dispatchToHandlers(_ press: KeyPress) -> KeyPress.Result {
    let renderer = self.renderer
    let handlerElements = renderer.keyHandlerElements.alive()
    guard !handlerElements.isEmpty else { return .ignored }
    let chain: [TerminalElement]
    if let focused = renderer.focusedElement {
      chain = focused.ancestry
    } else {
      chain = handlerElements.filter(\.isVisible).sorted {
        renderer.isBefore($1, $0)
      }
    }
    for element in chain {
      for handler in element.keyPressHandlers where handler.handle(press) == .handled {
        return .handled
      }
    }
    return .ignored
  }

  /// A focused text field takes what types: printable characters, Backspace, Return (its
  /// submission), and Left, Right, Home and End (its caret), before any key handler, as a
  /// field does in SwiftUI. Other keys (Tab, Up and Down, Escape, control keys) go on.
  private func typeIntoFocusedField(_ press: TerminalKeyPress) -> Bool {
    guard let field = renderer.focusedElement, ElementAppearance.isTextEntry(field.kind),
      let connection = renderer.connection
    else { return false }
    renderer.syncHostFocus()
    switch (press.key, press.modifiers) {
    case (.character, []), (.character, .shift):
      guard let characters = press.characters, !characters.isEmpty,
        characters.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      else { return false }
      connection.insertText(characters)
    case (.delete, []):
      connection.deleteBackward()
    case (.return, []):
      connection.activateFocused()
    case (.leftArrow, []):
      connection.moveCaret(.left)
    case (.rightArrow, []):
      connection.moveCaret(.right)
    case (.home, []):
      connection.moveCaret(.start)
    case (.end, []):
      connection.moveCaret(.end)
    default:
      return false
    }
    return true
  }

  /// The built-in keys that act on the focused control or the frontmost presentation.
  private func handleBuiltInKey(_ press: TerminalKeyPress) -> Bool {
    let renderer = self.renderer
    switch (press.key, press.modifiers) {
    case (.escape, []):
      // With nothing to dismiss, Escape leaves a text field: otherwise a field that is the
      // only stop for Tab (a filter over an empty list) keeps every key, and the app's own
      // letter keys never arrive.
      if renderer.dismissFrontmost() { return true }
      guard let focused = renderer.focusedElement, ElementAppearance.isTextEntry(focused.kind)
      else { return false }
      renderer.setFocus(nil)
      return true
    case (.return, []), (.character(" "), []):
      return renderer.activateFocused()
    case (.leftArrow, []):
      return renderer.adjustFocused(by: -1)
    case (.rightArrow, []):
      return renderer.adjustFocused(by: 1)
    default:
      return false
    }
  }

  /// The built-in keys that move the focus or scroll, and nothing else: false for other keys,
  /// and when there is nowhere to move.
  private func moveFocus(_ press: TerminalKeyPress) -> Bool {
    let renderer = self.renderer
    switch (press.key, press.modifiers) {
    case (.tab, []):
      return renderer.moveFocus(.next)
    case (.tab, .shift):
      return renderer.moveFocus(.previous)
    case (.downArrow, []):
      return renderer.moveFocus(.down) || renderer.scroll(byRows: 1)
    case (.upArrow, []):
      return renderer.moveFocus(.up) || renderer.scroll(byRows: -1)
    case (.pageDown, []):
      return renderer.scrollPage(by: 1)
    case (.pageUp, []):
      return renderer.scrollPage(by: -1)
    case (.home, []):
      return renderer.moveFocusToEdge(end: false)
    case (.end, []):
      return renderer.moveFocusToEdge(end: true)
    default:
      return false
    }
  }
}

extension KeyPress {
  /// The key event a terminal key press stands for.
  /// - Parameter press: the terminal's key press.
  public init(_ press: TerminalKeyPress) {
    var modifiers: EventModifiers = []
    if press.modifiers.contains(.shift) { modifiers.insert(.shift) }
    if press.modifiers.contains(.control) { modifiers.insert(.control) }
    if press.modifiers.contains(.option) { modifiers.insert(.option) }
    let key: KeyEquivalent =
      switch press.key {
      case .character(let character): KeyEquivalent(character)
      case .return: .return
      case .tab: .tab
      case .escape: .escape
      case .delete: .delete
      case .deleteForward: .deleteForward
      case .upArrow: .upArrow
      case .downArrow: .downArrow
      case .leftArrow: .leftArrow
      case .rightArrow: .rightArrow
      case .home: .home
      case .end: .end
      case .pageUp: .pageUp
      case .pageDown: .pageDown
      case .insert: KeyEquivalent("\u{F727}")
      case .function(let number): .function(number)
      }
    self.init(key, characters: press.characters ?? "", modifiers: modifiers)
  }
}
