/// Presentations, as SwiftUI spells them.
///
/// Each attaches presented content to the view it modifies. Rules, for all of them:
/// - **Built at presentation.** The content closure runs when the binding presents it (and
///   again when what it read changes), reading state through its current storage: a value set
///   in the same action that presents is the value shown.
/// - **Environment.** The content inherits the environment at the attachment point, where the
///   modifier sits: `X.sheet { R() }.environment(\.k, 1)` shows 1 in `R`, while
///   `X.environment(\.k, 1).sheet { R() }` shows the default, as in SwiftUI. Inside it,
///   `@Environment(\.dismiss)` ends the presentation and `\.isPresented` is true. The content
///   is outside the presenter's navigation stack, as in SwiftUI: a `NavigationLink` in it
///   needs a `NavigationStack` inside the presentation (without one, a tap is reported and
///   does nothing), and its rows are no enclosing `List`'s selection.
/// - **Lifetime.** Presenting creates the content (fresh state, appear); dismissing destroys it
///   (disappear, tasks cancelled), then `onDismiss` runs. A presenting view that leaves the
///   tree takes its presentation with it, and `onDismiss` runs then too (its binding, which may
///   belong to the view that left, is not written). With `item:`, the content's identity
///   is the item's id: another item replaces the content (the old one disappears and is
///   dismissed, the new one appears with fresh state). The presenting view's own visibility
///   does not change.
/// - **One at a time.** As in SwiftUI, one presentation is shown at a time from the host's
///   content, or from one presented content: a second one asked for meanwhile (another
///   `.sheet` on the same view, an alert from a sibling) waits, reported, and is presented when
///   the first is dismissed, if it is still asked for. Presentations made from inside the
///   shown content stack on it.
/// - **Rendering.** The content is in the rendered tree inside an element of its own (`Sheet`,
///   `FullScreenCover`, `Alert`, `ConfirmationDialog`), right after the modified view's
///   elements; a renderer draws it above them.
extension View {
  /// Presents `content` as a sheet while `isPresented` is true, like SwiftUI's
  /// `sheet(isPresented:onDismiss:content:)`.
  /// - Parameters:
  ///   - isPresented: whether the sheet is shown; dismissing sets it to false.
  ///   - onDismiss: runs after the sheet is dismissed.
  ///   - content: the sheet's content, built when it is presented.
  /// - Returns: the modified view.
  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) -> ModifiedContent<Self, PresentationModifier> {
    presentation(.sheet, isPresented: isPresented, onDismiss: onDismiss, content: content)
  }

  /// Presents a sheet for `item` while it is non-nil, like SwiftUI's
  /// `sheet(item:onDismiss:content:)`. Another item (another id) replaces the sheet's content.
  /// - Parameters:
  ///   - item: the presented item; dismissing sets it to nil.
  ///   - onDismiss: runs after the sheet is dismissed or replaced.
  ///   - content: the sheet's content for the item.
  /// - Returns: the modified view.
  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping @MainActor (Item) -> Content
  ) -> ModifiedContent<Self, PresentationModifier> {
    presentation(.sheet, item: item, onDismiss: onDismiss, content: content)
  }

  /// Presents `content` over everything while `isPresented` is true, like SwiftUI's
  /// `fullScreenCover(isPresented:onDismiss:content:)`. Headless, it differs from a sheet only
  /// in its element's kind.
  /// - Parameters:
  ///   - isPresented: whether the cover is shown; dismissing sets it to false.
  ///   - onDismiss: runs after the cover is dismissed.
  ///   - content: the cover's content, built when it is presented.
  /// - Returns: the modified view.
  public func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) -> ModifiedContent<Self, PresentationModifier> {
    presentation(.fullScreenCover, isPresented: isPresented, onDismiss: onDismiss, content: content)
  }

  /// Presents a full-screen cover for `item` while it is non-nil, like SwiftUI's
  /// `fullScreenCover(item:onDismiss:content:)`.
  /// - Parameters:
  ///   - item: the presented item; dismissing sets it to nil.
  ///   - onDismiss: runs after the cover is dismissed or replaced.
  ///   - content: the cover's content for the item.
  /// - Returns: the modified view.
  public func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping @MainActor (Item) -> Content
  ) -> ModifiedContent<Self, PresentationModifier> {
    presentation(.fullScreenCover, item: item, onDismiss: onDismiss, content: content)
  }

  private func presentation<Content: View>(
    _ kind: ElementKind, isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)?,
    content: @escaping @MainActor () -> Content
  ) -> ModifiedContent<Self, PresentationModifier> {
    modifier(
      PresentationModifier(
        source: PresentationSource(kind: kind, isPresented: isPresented) { AnyView(content()) },
        onDismiss: onDismiss))
  }

  private func presentation<Item: Identifiable, Content: View>(
    _ kind: ElementKind, item: Binding<Item?>, onDismiss: (@MainActor () -> Void)?,
    content: @escaping @MainActor (Item) -> Content
  ) -> ModifiedContent<Self, PresentationModifier> {
    modifier(
      PresentationModifier(
        source: PresentationSource(kind: kind, item: item) { AnyView(content($0)) },
        onDismiss: onDismiss))
  }
}

/// An alert's or a dialog's content: its title as a `Text`, its message, then its actions (an
/// `OK` button when it has none).
struct DialogContent<Message: View, Actions: View>: View, _PrimitiveView {
  let title: Text
  let message: Message
  let actions: Actions
  /// Whether a `Cancel` button is added when no action has the cancel role (a confirmation
  /// dialog's).
  var addsCancel = false

  static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    var addsCancel = false
    for pass in 0..<2 {
      node.updateChildren { children in
        children.update(.index(0), view.title)
        children.update(.index(1), view.message)
        if Actions.self == EmptyView.self {
          children.update(.index(2), Button("OK") {})
        } else {
          children.update(.index(2), view.actions)
        }
        if addsCancel { children.update(.index(3), Button("Cancel", role: .cancel) {}) }
      }
      // Whether the actions have a cancel button is known once they are built: a second pass
      // adds one when they do not.
      guard pass == 0, view.addsCancel,
        node.children.count > 2, CancelButton.find(in: node.children[2]) == nil
      else { break }
      addsCancel = true
    }
  }
}

/// Finding an alert's or a dialog's cancel button: what Escape (`dismiss()`) runs.
@MainActor
enum CancelButton {
  /// The first button of role `.cancel` at or below `node`, pre-order.
  static func find(in node: ViewNode) -> ActionPart? {
    var stack = [node]
    while let current = stack.popLast() {
      if current.parts[ButtonPart.self]?.buttonRole == .cancel,
        let action = current.parts[ActionPart.self]
      {
        return action
      }
      stack.append(contentsOf: current.children.reversed())
    }
    return nil
  }
}
