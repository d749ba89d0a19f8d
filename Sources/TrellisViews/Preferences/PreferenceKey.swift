/// A value that flows up the tree, from views to their ancestors, like SwiftUI's
/// `PreferenceKey`.
///
/// Views set values with `.preference(key:value:)` (or adjust them with
/// `.transformPreference(_:_:)`); an ancestor reads the combination of all the values set in
/// its subtree with `.onPreferenceChange(_:perform:)`, `.overlayPreferenceValue(_:_:)` or
/// `.backgroundPreferenceValue(_:_:)`.
///
/// - **Combining.** The values in a subtree combine in tree order (pre-order): the first value
///   is the start, and each next one is folded in with `reduce(value:nextValue:)`. A subtree
///   with no value has `defaultValue`.
/// - **Replacing.** `.preference(key:value:)` sets the value of the view it modifies: values
///   set inside that view are replaced, not combined (so an outer `navigationTitle` wins over
///   an inner one). `.transformPreference` sees the combination inside and changes it.
/// - **Dependencies.** A changed value re-runs only its readers: the values are collected when
///   the flush ends, not by re-running the bodies between the writer and the reader.
/// - **Lifetime.** A value leaves with the view that set it. Content that is not shown sets
///   none: presented content (a sheet's values stay in it), and what a container hides while
///   keeping it (rows scrolled out of a lazy list, a tab switched away, a covered navigation
///   level), until it is shown again.
public protocol PreferenceKey {
  /// The type of the value.
  associatedtype Value
  /// The value of a subtree where nothing sets one.
  static var defaultValue: Value { get }
  /// Folds the next value, in tree order, into `value`.
  /// - Parameters:
  ///   - value: the values so far.
  ///   - nextValue: the next value.
  static func reduce(value: inout Value, nextValue: () -> Value)
}

extension View {
  /// Sets `key`'s value for this view, like SwiftUI's `.preference(key:value:)`; it replaces
  /// the values set inside the view.
  /// - Parameters:
  ///   - key: the preference key.
  ///   - value: the value.
  /// - Returns: the modified view.
  public func preference<K: PreferenceKey>(
    key: K.Type = K.self, value: K.Value
  ) -> ModifiedContent<Self, PreferenceWritingModifier<K>> {
    modifier(PreferenceWritingModifier<K>(value: value))
  }

  /// Changes `key`'s value of this view, combined from the values set inside it, like
  /// SwiftUI's `.transformPreference(_:_:)`.
  /// - Parameters:
  ///   - key: the preference key.
  ///   - callback: changes the value.
  /// - Returns: the modified view.
  public func transformPreference<K: PreferenceKey>(
    _ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void
  ) -> ModifiedContent<Self, PreferenceTransformModifier<K>> {
    modifier(PreferenceTransformModifier<K>(transform: callback))
  }

  /// Runs `action` with `key`'s value in this view whenever it changes, like SwiftUI's
  /// `.onPreferenceChange(_:perform:)`. It runs after the commit (with the `onChange`
  /// actions), first when a value other than the default appears.
  /// - Parameters:
  ///   - key: the preference key.
  ///   - action: receives the new value.
  /// - Returns: the modified view.
  public func onPreferenceChange<K: PreferenceKey>(
    _ key: K.Type = K.self, perform action: @escaping @MainActor (K.Value) -> Void
  ) -> ModifiedContent<Self, PreferenceChangeModifier<K>> where K.Value: Equatable {
    modifier(PreferenceChangeModifier<K>(action: action))
  }

  /// Draws a view made from `key`'s value in this view over it, like SwiftUI's
  /// `.overlayPreferenceValue(_:alignment:_:)`: only the overlay re-runs when the value
  /// changes. Rendered like `.overlay`: this view, then a `PreferenceValueReader` element
  /// around the overlay.
  /// - Parameters:
  ///   - key: the preference key.
  ///   - alignment: where the overlay sits.
  ///   - transform: makes the overlay from the value.
  /// - Returns: the view with its overlay.
  public func overlayPreferenceValue<K: PreferenceKey, V: View>(
    _ key: K.Type, alignment: Alignment = .center,
    @ViewBuilder _ transform: @escaping @MainActor (K.Value) -> V
  ) -> ModifiedContent<Self, PreferenceValueModifier<K, V>> {
    modifier(PreferenceValueModifier(kind: .overlay, alignment: alignment, transform: transform))
  }

  /// Draws a view made from `key`'s value in this view behind it, like SwiftUI's
  /// `.backgroundPreferenceValue(_:alignment:_:)`.
  /// - Parameters:
  ///   - key: the preference key.
  ///   - alignment: where the background sits.
  ///   - transform: makes the background from the value.
  /// - Returns: the view with its background.
  public func backgroundPreferenceValue<K: PreferenceKey, V: View>(
    _ key: K.Type, alignment: Alignment = .center,
    @ViewBuilder _ transform: @escaping @MainActor (K.Value) -> V
  ) -> ModifiedContent<Self, PreferenceValueModifier<K, V>> {
    modifier(
      PreferenceValueModifier(kind: .background, alignment: alignment, transform: transform))
  }
}

/// The modifier behind `.preference(key:value:)`.
public struct PreferenceWritingModifier<K: PreferenceKey>: _PrimitiveViewModifier {
  let value: K.Value

  /// Keeps the value on the node, telling the readers above when it changes.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let part = node.parts.part(PreferenceWriterPart<K>.self) {
      PreferenceWriterPart(value: modifier.value, reader: node.nearestPreferenceReader(K.self))
    }
    part.update(modifier.value)
    node.updateModifier(content: content)
  }
}

/// The modifier behind `.transformPreference(_:_:)`.
public struct PreferenceTransformModifier<K: PreferenceKey>: _PrimitiveViewModifier {
  let transform: (inout K.Value) -> Void

  /// Keeps the latest transform on the node; the readers above collect again (a closure cannot
  /// be compared, so every update of the modifier counts as a change).
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let part = node.parts.part(PreferenceTransformPart<K>.self) {
      PreferenceTransformPart(
        transform: modifier.transform, reader: node.nearestPreferenceReader(K.self))
    }
    part.transform = modifier.transform
    part.reader?.invalidate()
    node.updateModifier(content: content)
  }
}

/// The modifier behind `.onPreferenceChange(_:perform:)`.
public struct PreferenceChangeModifier<K: PreferenceKey>: _PrimitiveViewModifier
where K.Value: Equatable {
  let action: @MainActor (K.Value) -> Void

  /// Makes the node a reader of `K` whose changes queue the latest action.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let box = node.parts.part(PreferenceActionBox<K>.self) { PreferenceActionBox() }
    box.action = modifier.action
    if !node.parts.contains(PreferenceReaderPart<K>.self) {
      let name = node.enclosingViewName
      node.installPreferenceReader(K.self, content: .allChildren) { [weak box] host, old, new in
        guard let box, old != new else { return }
        let action = box.action
        host.lifecycleQueue.enqueue(.change) { host in
          host.noteFeedbackAction("onPreferenceChange(\(K.self)) in \(name)")
          action?(new)
        }
      }
    }
    node.updateModifier(content: content)
  }
}

/// The latest action of an `onPreferenceChange`.
@MainActor
final class PreferenceActionBox<K: PreferenceKey>: NodePart {
  var action: (@MainActor (K.Value) -> Void)?
}

/// The modifier behind `.overlayPreferenceValue` and `.backgroundPreferenceValue`.
public struct PreferenceValueModifier<K: PreferenceKey, V: View>: _PrimitiveViewModifier {
  let kind: ElementKind
  let alignment: Alignment
  let transform: @MainActor (K.Value) -> V

  /// Renders the element, the modified view, then the view made from the value, which alone
  /// re-runs when the value changes.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let isNew = node.role == .unset
    node.setContainer(kind: modifier.kind)
    node.setAttributes(
      modifier.alignment == .center ? [] : [.layout(.alignment(modifier.alignment))])
    let source = node.parts.part(PreferenceValueSource<K>.self) { PreferenceValueSource() }
    if isNew {
      node.installPreferenceReader(K.self, content: .firstChild) { [weak source] _, _, new in
        source?.cell.value = new
      }
    }
    node.updateChildren { children in
      children.update(.index(0), content)
      children.update(
        .index(1), PreferenceValueReader(source: source, transform: modifier.transform))
    }
  }
}

/// The view made from a preference value: a composite whose body reads the value, so that a
/// change re-runs this body and no other.
struct PreferenceValueReader<K: PreferenceKey, V: View>: View {
  let source: PreferenceValueSource<K>
  let transform: @MainActor (K.Value) -> V

  var body: V { transform(source.cell.value) }
}
