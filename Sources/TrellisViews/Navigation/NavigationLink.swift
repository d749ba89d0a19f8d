import TrellisGraph

/// A button that navigates, like SwiftUI's `NavigationLink`. Headless: a host taps it with
/// `ViewHost.tap(_:)`, a renderer activates it with `RendererConnection.activate(_:)`.
///
/// - `NavigationLink(value:)` pushes its value on the enclosing `NavigationStack`'s path (whose
///   `.navigationDestination(for:)` decides what it shows); inside a `List(selection:)` it
///   selects its value instead; in a `NavigationSplitView` column it shows its value's
///   destination in the next column. A nil value disables the link, as in SwiftUI: its
///   element carries the `disabled` attribute, and a tap is refused with a report.
/// - `NavigationLink(destination:)` pushes its destination view, above the path's levels;
///   tapping it again while pushed does nothing.
public struct NavigationLink<Label: View, Destination: View>: View, _PrimitiveView {
  let value: AnyHashable?
  let valueDescription: String
  let destination: Destination?
  let label: Label

  /// Creates a link that pushes `value`.
  /// - Parameters:
  ///   - value: the value to push; nil disables the link.
  ///   - label: the link's label.
  public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label)
  where Destination == Never {
    self.value = value.map { AnyHashable($0) }
    valueDescription = value.map { "\($0)" } ?? "nil"
    destination = nil
    self.label = label()
  }

  /// Creates a link that pushes `destination`.
  /// - Parameters:
  ///   - destination: the view to push.
  ///   - label: the link's label.
  public init(destination: Destination, @ViewBuilder label: () -> Label) {
    value = nil
    valueDescription = ""
    self.destination = destination
    self.label = label()
  }

  /// Creates a link that pushes the view `destination` builds.
  /// - Parameters:
  ///   - destination: the view to push.
  ///   - label: the link's label.
  public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
    self.init(destination: destination(), label: label)
  }

  /// Renders `NavigationLink` with its label; its action navigates.
  public static func _update(_ view: Self, in node: ViewNode) {
    let isNew = node.role == .unset
    node.setContainer(kind: .navigationLink)
    let state = node.parts.part(LinkStatePart.self) { LinkStatePart(node: node) }
    let hasTarget = view.destination != nil || view.value != nil
    if isNew || state.hasTarget != hasTarget {
      state.hasTarget = hasTarget
      state.refresh()
    }
    if let destination = view.destination {
      let part = node.parts.part(DestinationLinkPart.self) { DestinationLinkPart() }
      part.content = AnyView(destination)
      part.refresh()
      let registry = node.enclosingNavigationRegistry
      part.levels = registry?.presentedLevels
      let enclosing = node.enclosingViewName
      let boundary = registry == nil ? node.enclosingPresentation : nil
      node.setRefusableAction { [weak part] in
        guard let part, part.levels != nil else {
          reportNoStack(
            "NavigationLink(destination:) in \(enclosing)", enclosing, boundary, pushesValue: false)
          return false
        }
        part.push()
        return true
      }
    } else {
      let value = view.value
      let description = view.valueDescription
      let registry = node.enclosingNavigationRegistry
      let selection = GraphEvaluation.untracked { node.environment.object(ListSelection.self) }
      let enclosing = node.enclosingViewName
      let boundary = registry == nil ? node.enclosingPresentation : nil
      node.setRefusableAction { [weak registry, weak selection] in
        guard let value else {
          TrellisDiagnostics.report(
            TrellisDiagnostic(
              kind: .invalidInput, nodes: [enclosing],
              message:
                "NavigationLink(value: nil) in \(enclosing) is disabled, as in SwiftUI: its "
                + "value is nil; nothing was tapped."))
          return false
        }
        if let selection, selection.select(value) { return true }
        let outcome = registry?.pushValue?(value) ?? .cannotHold
        if outcome == .refused { return false }
        guard outcome == .pushed else {
          if let registry, let refusal = registry.refusal?(value) {
            let link = "NavigationLink(value: \(description)) in \(enclosing)"
            TrellisDiagnostics.report(
              TrellisDiagnostic(
                kind: .invalidInput, nodes: registry.diagnosticNodes(from: enclosing),
                message:
                  "\(link) pushes a value of type \(type(of: value.base)), but the "
                  + "NavigationStack in \(registry.holder) \(refusal); the tap does nothing. "
                  + "Push a value of the path's type, or give the stack a NavigationPath, "
                  + "which holds values of any type."))
            return false
          }
          reportNoStack(
            "NavigationLink(value: \(description)) in \(enclosing)", enclosing, boundary,
            pushesValue: true)
          return false
        }
        return true
      }
    }
    node.updateChild(.index(0), view.label)
  }

  /// Reports a link with no stack to push onto; `presentation` is the kind of the presented
  /// content it is in, if any (whose presenter's stack it does not see). A destination link
  /// needs any stack; a value link one whose path holds its value.
  private static func reportNoStack(
    _ link: String, _ enclosing: String, _ presentation: ElementKind?, pushesValue: Bool
  ) {
    let message =
      if let presentation {
        "\(link) is inside a \(presentation)'s content, which is not part of the navigation "
          + "stack of the view that presented it (as in SwiftUI); the tap does nothing. Put a "
          + "NavigationStack inside the \(presentation) to navigate there."
      } else {
        "\(link) is not inside a NavigationStack"
          + (pushesValue ? " whose path holds its value" : "")
          + " (or a NavigationSplitView); the tap does nothing."
      }
    TrellisDiagnostics.report(
      TrellisDiagnostic(kind: .invalidInput, nodes: [enclosing], message: message))
  }
}

extension NavigationLink where Label == Text, Destination == Never {
  /// Creates a link titled `title` that pushes `value`.
  /// - Parameters:
  ///   - title: the title.
  ///   - value: the value to push; nil disables the link.
  public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
    self.init(value: value) { Text(title) }
  }
}

extension NavigationLink where Label == Text {
  /// Creates a link titled `title` that pushes `destination`.
  /// - Parameters:
  ///   - title: the title.
  ///   - destination: the view to push.
  public init<S: StringProtocol>(_ title: S, destination: Destination) {
    self.init(destination: destination) { Text(title) }
  }

  /// Creates a link titled `title` that pushes the view `destination` builds.
  /// - Parameters:
  ///   - title: the title.
  ///   - destination: the view to push.
  public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
    self.init(destination: destination()) { Text(title) }
  }
}

/// A destination link's state: its latest destination, and the level it pushed.
@MainActor
final class DestinationLinkPart: NodePart {
  var content = AnyView(EmptyView())
  var levels: PresentedLevels?

  /// Pushes the destination (once; a second tap while it is pushed does nothing).
  func push() {
    let owner = ObjectIdentifier(self)
    guard let levels, !levels.contains(owner: owner) else { return }
    levels.set(
      owner: owner, key: AnyHashable(true),
      content: { [weak self] in self?.content ?? AnyView(EmptyView()) },
      dismiss: { [weak self] in self?.pop() })
  }

  /// Gives a pushed level the link's latest destination.
  func refresh() {
    let owner = ObjectIdentifier(self)
    guard let levels, levels.contains(owner: owner) else { return }
    levels.set(
      owner: owner, key: AnyHashable(true),
      content: { [weak self] in self?.content ?? AnyView(EmptyView()) },
      dismiss: { [weak self] in self?.pop() })
  }

  func pop() { levels?.remove(owner: ObjectIdentifier(self)) }

  func nodeDidUnmount() { pop() }
}

/// A link's disabled state, in its own computation as a control's is: the link is disabled
/// under `.disabled(true)`, and, as in SwiftUI, when its value is nil. Renderers see the
/// `disabled` attribute, as on a disabled button (found by a new user: a nil-value link, and
/// one under `.disabled(true)`, were drawn as active links). Not a `ControlPart`: a link does
/// not take the focus.
final class LinkStatePart: ComputedPart {
  /// Whether the link has a value or a destination to show.
  var hasTarget = true

  override func compute() {
    let isEnabled = node.environment[\.isEnabled]
    node.setAttributes(isEnabled && hasTarget ? [] : [.control(.disabled)])
  }
}
