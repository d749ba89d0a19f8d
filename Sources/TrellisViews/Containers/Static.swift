/// Output written once, above the live frame, as Ink's `<Static>`: log lines, finished tasks,
/// anything that should stay in the terminal's history rather than be redrawn.
///
/// ```swift
/// VStack {
///   Static(store.finished) { download in Text("✔ \(download.name)") }
///   ForEach(store.running) { download in DownloadRow(download: download) }
/// }
/// ```
///
/// One row per element, identified as `ForEach` identifies them. A terminal renderer prints a
/// row when it first appears, above the frame in inline mode (so it scrolls away with the
/// terminal's history), as plain lines without a terminal, and after the app ends in full
/// screen, where there is no "above"; the row then takes no space in the frame. As in Ink, a
/// row is printed once: later changes to it, or its removal, do not change what was printed,
/// so append to `data` rather than edit it. The host keeps a node per row while the row is in
/// `data`; drop printed elements from `data` to let them go.
///
/// In the rendered tree it is a `Static` element around its rows, so headless hosts and tests
/// see the rows like any other.
public struct Static<Data: RandomAccessCollection, ID: Hashable, Content: View>: _PrimitiveView {
  let rows: ForEach<Data, ID, Content>

  /// Rows over `data`, identified by `id`.
  /// - Parameters:
  ///   - data: the elements, oldest first; append new ones.
  ///   - id: the key path to each element's identity.
  ///   - content: the view printed for an element.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    rows = ForEach(data, id: id, content: content)
  }

  /// Renders a `Static` element with one child per row.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateContainer(kind: .staticOutput, content: view.rows)
  }
}

extension Static where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Rows over identifiable `data`.
  /// - Parameters:
  ///   - data: the elements, oldest first; append new ones.
  ///   - content: the view printed for an element.
  public init(
    _ data: Data, @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    rows = ForEach(data, content: content)
  }
}

extension ElementKind {
  /// `Static`: rows printed once above the live frame (see `Static`).
  public static let staticOutput = ElementKind("Static")
}
