import TrellisEnvironment
import TrellisGraph

/// What a presentation modifier presents: its kind, how to read whether (and what) it
/// presents, how to build the content, and how to end it. Type-erased, so that one modifier
/// serves `.sheet`, `.fullScreenCover`, `.alert` and `.confirmationDialog`, with a flag or an
/// item.
@MainActor
struct PresentationSource {
  /// The element kind of the presented content.
  let kind: ElementKind
  /// Reads the binding: the identity of what is presented, or nil. Tracked.
  let presented: @MainActor () -> PresentedIdentity?
  /// Builds the content for what is presented now. Tracked.
  let content: @MainActor () -> AnyView
  /// Sets the binding so that nothing is presented.
  let dismiss: @MainActor () -> Void
  /// Whether buttons of the content dismiss it after their action (alerts and dialogs).
  let buttonsDismiss: Bool
  /// The modifier's form, for diagnostics: `sheet(isPresented:)`, `alert(item:)`, ….
  let form: String

  /// A presentation driven by a flag.
  init(
    kind: ElementKind, isPresented: Binding<Bool>, buttonsDismiss: Bool = false,
    content: @escaping @MainActor () -> AnyView
  ) {
    self.kind = kind
    presented = { isPresented.wrappedValue ? .flag : nil }
    self.content = content
    dismiss = { isPresented.wrappedValue = false }
    self.buttonsDismiss = buttonsDismiss
    form = Self.form(of: kind, "isPresented:")
  }

  /// A presentation driven by an optional item: presented while it is non-nil, under the
  /// identity of its id.
  init<Item: Identifiable>(
    kind: ElementKind, item: Binding<Item?>, buttonsDismiss: Bool = false,
    content: @escaping @MainActor (Item) -> AnyView
  ) {
    self.kind = kind
    presented = { item.wrappedValue.map { .item(AnyHashable($0.id)) } }
    self.content = {
      guard let value = item.wrappedValue else { return AnyView(EmptyView()) }
      return content(value)
    }
    dismiss = { item.wrappedValue = nil }
    self.buttonsDismiss = buttonsDismiss
    form = Self.form(of: kind, "item:")
  }

  /// `sheet(item:)` for the kind `Sheet` and the label `item:`.
  private static func form(of kind: ElementKind, _ label: String) -> String {
    let name = kind.description
    return "\(name.prefix(1).lowercased())\(name.dropFirst())(\(label))"
  }
}

/// The identity of presented content: a flag's presentation, or an item's id.
enum PresentedIdentity: Hashable {
  case flag
  case item(AnyHashable)
}

/// The modifier behind `.sheet`, `.fullScreenCover`, `.alert` and `.confirmationDialog`.
///
/// The modified view is its first child; the presented content, while presented, its second,
/// inside an element of the presentation's kind that follows the modified view's elements.
public struct PresentationModifier: _PrimitiveViewModifier {
  /// A built-in modifier has no body.
  public typealias Body = Never
  let source: PresentationSource
  let onDismiss: (@MainActor () -> Void)?

  /// Renders the modified view, and the presented content while the binding presents it.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    node.setTransparent(isModifier: true)
    let part = node.parts.part(PresentationPart.self) { PresentationPart(node: node) }
    part.update(modifier, content: content)
  }
}

/// A presentation modifier's state: the latest source and modified view, what is presented,
/// and the computation that reads the binding and builds the content.
///
/// The binding is read, and the content built, in the part's own computation: the view that
/// attaches the presentation need not read the binding, and the content reads state through
/// its current storage (so a value set in the action that presents is what the content shows).
@MainActor
final class PresentationPart: NodePart, EffectRunner {
  unowned let node: ViewNode
  private var source: PresentationSource?
  private var onDismiss: (@MainActor () -> Void)?
  private var updateModified: (@MainActor (inout ChildUpdater) -> Void)?
  private var effect: Effect?
  /// What is presented now.
  private(set) var presented: PresentedIdentity?
  /// The presentations of this part's context, one shown at a time; found on first use.
  private var foundSlot: PresentationSlot?
  private var slot: PresentationSlot {
    if let foundSlot { return foundSlot }
    let slot =
      GraphEvaluation.untracked { node.environment.object(PresentationBoundary.self)?.slot }
      ?? node.host.rootPresentationSlot
    foundSlot = slot
    return slot
  }
  /// Whether this part's wait for the slot has been reported (once per wait).
  private var reportedWait = false
  /// The host while it is not going: `nodeDidUnmount()` also runs while the host goes away,
  /// when `node.host` must not be loaded.
  @HostReference private var host: HostCore?

  init(node: ViewNode) {
    self.node = node
    host = node.host
  }

  func update<Modified: View>(_ modifier: PresentationModifier, content: Modified) {
    source = modifier.source
    onDismiss = modifier.onDismiss
    updateModified = { children in children.update(.index(0), content) }
    if effect == nil {
      effect = node.makeOwnComputation(named: "presentation", runner: self)
    }
    effect?.run()
  }

  /// Ends the presentation through its binding (the dismiss action of the content).
  func dismiss() { source?.dismiss() }

  /// The kind of what it presents, for diagnostics.
  var kind: ElementKind { source?.kind ?? .sheet }

  /// Also called while the host goes away: then it touches nothing but the part and its
  /// slot, and `onDismiss` does not run (a host released without `unmount()` runs no
  /// disappear actions).
  func nodeDidUnmount() {
    effect?.dispose()
    foundSlot?.leave(self)
    // The presenter left the tree with its presentation up, which ends it: `onDismiss` runs,
    // as for any other dismissal (an app that saves there would otherwise lose the edit).
    // Queued in the phase after every disappearance, so it still follows the content's own
    // disappear actions, which the walk queues after this node's (parents first).
    if presented != nil, let onDismiss, let host {
      presented = nil
      host.lifecycleQueue.enqueue(.change) { _ in onDismiss() }
    }
  }

  /// Reports that this presentation waits for the one shown in its context, if it still does
  /// after the update that asked for it.
  private func reportWaitIfStillWaiting() {
    guard node.isMounted, presented == nil, let source, source.presented() != nil,
      let holder = foundSlot?.presenter, holder !== self
    else { return }
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [node.enclosingViewName, holder.node.enclosingViewName],
        message:
          "The \(source.form) in \(node.enclosingViewName) waits: the "
          + "\(holder.source?.form ?? "\(holder.kind)") in \(holder.node.enclosingViewName) is "
          + "presented, and one presentation is shown at "
          + "a time, as in SwiftUI. It is presented when that one is dismissed."))
  }

  /// Runs the pass again: the slot it waited for is free.
  func slotDidFree() { effect?.scheduleRun() }

  /// The part's effect runs its pass.
  func runEffect() { runPass() }

  private func runPass() {
    guard node.isMounted, let source, let updateModified else { return }
    var identity = source.presented()
    if identity == nil {
      slot.leave(self)
      reportedWait = false
    } else if slot.take(for: self) != nil {
      // As in SwiftUI, one presentation at a time from a context: this one is presented when
      // the one shown now is dismissed.
      identity = nil
      if !reportedWait {
        reportedWait = true
        // Reported after the update, if it still waits then: an alert's button that presents
        // a sheet (SwiftUI's usual way) dismisses the alert in the same update, and the sheet
        // is shown in it.
        host?.lifecycleQueue.enqueue(.change) { [weak self] _ in self?.reportWaitIfStillWaiting() }
      }
    }
    let content = identity.map { _ in source.content() }
    GraphEvaluation.untracked {
      let previous = presented
      presented = identity
      let dismissAction = DismissAction { [weak self] in self?.dismiss() }
      node.updateChildren { children in
        updateModified(&children)
        guard let identity, let content else { return }
        let view = PresentedContent(
          kind: source.kind, content: content, dismiss: dismissAction,
          buttonsDismiss: source.buttonsDismiss)
        switch identity {
        case .flag: children.update(.index(1), view)
        case .item(let id): children.update(.id(id), view, explicitID: ExplicitID(id))
        }
      }
      // Dismissed, or replaced by another item: onDismiss runs after the content disappeared.
      if let previous, previous != identity, let onDismiss {
        node.host.lifecycleQueue.enqueue(.disappear) { _ in onDismiss() }
      }
    }
  }
}

/// Presented content: an element of the presentation's kind around the content, whose
/// environment is the attachment point's, with `\.dismiss` ending the presentation and
/// `\.isPresented` true.
struct PresentedContent: View, _PrimitiveView {
  let kind: ElementKind
  let content: AnyView
  let dismiss: DismissAction
  let buttonsDismiss: Bool

  static func _update(_ view: Self, in node: ViewNode) {
    if node.role == .unset {
      node.setContainer(kind: view.kind)
      node.environment = node.environment.child(named: "\(view.kind) in \(node.enclosingViewName)")
      node.environment.setPresentation(dismiss: view.dismiss)
      // As in SwiftUI, presented content is outside the presenter's navigation stack and list:
      // a link in a sheet does not push behind it, and a row in it is no list's selection.
      node.environment.hideObjects(of: NavigationRegistry.self)
      node.environment.hideObjects(of: ListSelection.self)
      node.environment.setObject(PresentationBoundary(kind: view.kind))
      if view.buttonsDismiss {
        node.environment.setObject(DismissingButtons(dismiss: view.dismiss))
      }
    }
    node.parts.part(DismissPart.self) { DismissPart(presentationIn: node.host) }.dismiss =
      view.dismiss
    node.updateChild(.index(0), view.content)
  }
}

/// Marks presented content: for the diagnostic of a navigation link inside it that finds no
/// stack (the presenter's is hidden there), and as the context of the presentations inside it.
@MainActor
final class PresentationBoundary {
  let kind: ElementKind
  /// The presentations made from inside this content, one at a time.
  let slot = PresentationSlot()
  init(kind: ElementKind) { self.kind = kind }
}

/// The presentations of one context (the host's content, or one presented content), of which
/// one is shown at a time, as in SwiftUI, where a second sheet waits for the first to be
/// dismissed. Presentations made from inside the shown one's content have a context of their
/// own, so they stack on it.
@MainActor
final class PresentationSlot {
  /// The presentation shown now.
  private weak var holder: PresentationPart?
  /// The presentation shown now, if its presenter is still in the tree.
  var presenter: PresentationPart? {
    guard let holder, holder.node.isMounted else { return nil }
    return holder
  }
  /// The presentations waiting, in the order they asked.
  private var waiting: [WeakPresentation] = []

  private struct WeakPresentation {
    weak var part: PresentationPart?
  }

  /// Takes the slot for `part`: nil when it holds it now; otherwise the holder, and `part`
  /// waits.
  func take(for part: PresentationPart) -> PresentationPart? {
    if let holder, holder !== part, holder.node.isMounted {
      if !waiting.contains(where: { $0.part === part }) { waiting.append(.init(part: part)) }
      return holder
    }
    holder = part
    waiting.removeAll { $0.part === part || $0.part == nil }
    return nil
  }

  /// `part` no longer presents (dismissed, or gone): the first waiting presentation runs again.
  func leave(_ part: PresentationPart) {
    waiting.removeAll { $0.part === part || $0.part == nil }
    guard holder === part else { return }
    holder = nil
    waiting.first?.part?.slotDidFree()
  }
}

/// Makes the buttons of an alert or a dialog dismiss it after their action, as SwiftUI's do.
/// Reaches the buttons through their environment.
@MainActor
final class DismissingButtons {
  let dismiss: DismissAction
  init(dismiss: DismissAction) { self.dismiss = dismiss }
}

extension ViewNode {
  /// A tap's action part for this node: inside an alert or a dialog, the tap also dismisses it.
  func makeActionPart(_ action: @escaping @MainActor () -> Void) -> ActionPart {
    let part = ActionPart(action)
    if let buttons = GraphEvaluation.untracked({ environment.object(DismissingButtons.self) }) {
      let dismiss = buttons.dismiss
      part.afterAction = { dismiss() }
    }
    return part
  }
}
