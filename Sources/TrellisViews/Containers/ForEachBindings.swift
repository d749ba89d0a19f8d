import TrellisGraph

extension ForEach {
  /// Creates one view per element of the collection `data` binds to, each given a binding to
  /// its element, like SwiftUI's `ForEach($items) { $item in … }`.
  ///
  /// - A row's binding finds its element by id, not by position: inserting, removing or moving
  ///   other elements never points it at another element.
  /// - A body that reads a row's binding depends on that element alone: a change to another
  ///   element does not re-run it (its reason is `ForEach element` when its own changes).
  /// - Once the element is removed, the row is destroyed, and its binding never reaches the
  ///   collection again: a read returns the element's last value, a write is dropped, and the
  ///   first read and the first write are each reported (naming the id); never a trap.
  /// - As in SwiftUI, `content` is not `@MainActor`-typed (a closure with a `$item` parameter
  ///   must stay a plain closure); it runs on the main actor like every view closure.
  /// - Parameters:
  ///   - data: a binding to the elements.
  ///   - content: the view for an element's binding.
  public init<C>(
    _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
  )
  where
    C: MutableCollection & RandomAccessCollection, C.Element: Identifiable,
    ID == C.Element.ID, Data == BindingElements<C, C.Element.ID>
  {
    // The id read through `Identifiable`, not the key path: projecting a key path costs
    // thousands of instructions per element, and every element's id is read at each pass.
    self.init(bindings: BindingElements(data, identify: { $0.id }), content: content)
  }

  /// Creates one view per element of the collection `data` binds to, identified by the key path
  /// `id`, each given a binding to its element (see `init(_:content:)` for bindings).
  /// - Parameters:
  ///   - data: a binding to the elements.
  ///   - id: the key path to each element's identity.
  ///   - content: the view for an element's binding.
  public init<C>(
    _ data: Binding<C>, id: KeyPath<C.Element, ID>,
    @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
  )
  where C: MutableCollection & RandomAccessCollection, Data == BindingElements<C, ID> {
    self.init(bindings: BindingElements(data, identify: { $0[keyPath: id] }), content: content)
  }

  private init<C>(
    bindings: BindingElements<C, ID>, content: @escaping (Binding<C.Element>) -> Content
  ) where Data == BindingElements<C, ID> {
    data = bindings
    identify = { $0.id }
    identifyingKeyPath = nil
    self.content = { element in content(element.binding) }
    isConstantRange = false
    wrappedContent = ClosureIdentity(content)
  }
}

extension List {
  /// Creates a list with one row per element of the collection `data` binds to, each given a
  /// binding to its element (see `ForEach.init(_:content:)` for bindings).
  /// - Parameters:
  ///   - data: a binding to the elements.
  ///   - rowContent: the row for an element's binding.
  public init<C, Row: View>(
    _ data: Binding<C>, @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> Row
  )
  where
    C: MutableCollection & RandomAccessCollection, C.Element: Identifiable,
    Content == ForEach<BindingElements<C, C.Element.ID>, C.Element.ID, Row>,
    SelectionValue == Never
  {
    self.init { ForEach(data, content: rowContent) }
  }
}

/// The elements a `ForEach($items)` iterates: each element's id and a binding to it, resolved
/// by id. The collection is read once, when the `ForEach` is made (so the view that makes it
/// depends on it).
public struct BindingElements<C: MutableCollection & RandomAccessCollection, ID: Hashable>:
  RandomAccessCollection
{
  /// One element: its id and its binding.
  public struct Element {
    /// The element's id.
    public let id: ID
    let value: C.Element
    /// Where the element is in the collection read: where its binding looks first.
    let index: C.Index
    /// What the elements of one pass share: one reference, so that an element is cheap to
    /// copy (the elements are copied into an array at each pass of their `ForEach`).
    let pass: ElementBindingStoreSlot<C, ID>

    /// A binding to the element, found by `id` at every use (where it was last, in O(1),
    /// while it stays there).
    @MainActor
    public var binding: Binding<C.Element> {
      pass.binding(for: id, at: index, last: value)
    }
  }

  let values: C
  /// Reads an element's id.
  let identify: (C.Element) -> ID
  /// The source, the way ids are read, and where the bindings' shared state is kept (the node
  /// of the `ForEach` or lazy container that uses these elements, once it has attached
  /// itself).
  let store: ElementBindingStoreSlot<C, ID>

  @MainActor
  init(_ source: Binding<C>, identify: @escaping (C.Element) -> ID) {
    values = source.wrappedValue
    self.identify = identify
    store = ElementBindingStoreSlot(source: source, identify: identify)
  }

  /// The first position.
  public var startIndex: Int { 0 }
  /// The position after the last.
  public var endIndex: Int { values.count }

  /// The element at `position`: its id and its binding.
  /// - Parameter position: a valid position.
  public subscript(position: Int) -> Element {
    let index = values.index(values.startIndex, offsetBy: position)
    let value = values[index]
    return Element(id: identify(value), value: value, index: index, pass: store)
  }
}

extension BindingElements.Element: SelfComparedElement {
  /// Two elements are the same when they are the same element of the same source (the same
  /// `@State`, `@Binding` or model property, and the same id), with values that compare equal
  /// by the rules of a plain `ForEach`'s elements: a row whose element is the same is then
  /// skipped when its `ForEach` runs again, as a plain `ForEach`'s row is, since its binding,
  /// found by id, reaches the same element either way. (Compared field by field, elements
  /// always differed, by the store each `ForEach($items)` makes, so every row's content ran
  /// again, and compared its bindings, at each change of the collection.) Elements of a binding
  /// made with `Binding(get:set:)`, whose source cannot be told, are never the same.
  ///
  /// The sources are compared once per pair of passes: every element of a pass shares its
  /// source (a source identity is an `AnyHashable`, whose comparison costs thousands of
  /// instructions).
  static func makeSameElement() -> @MainActor (Self, Self) -> Bool {
    let values = ComparisonPlan.elementPlan(for: C.Element.self)
    let lastPair = SourcePair()
    return { old, new in
      guard old.id == new.id else { return false }
      let passes = (old.pass.serial, new.pass.serial)
      if lastPair.passes?.0 != passes.0 || lastPair.passes?.1 != passes.1 {
        let source = old.pass.source.sourceIdentity
        lastPair.passes = passes
        lastPair.areSame = source != nil && source == new.pass.source.sourceIdentity
      }
      return lastPair.areSame && values.inputsEqual(old.value, new.value)
    }
  }
}

/// The last two passes whose sources an element comparison compared, by their stores'
/// serial numbers (never reused, unlike an address, and keeping nothing alive), and whether
/// the sources were the same.
@MainActor
private final class SourcePair {
  var passes: (UInt64, UInt64)?
  var areSame = false
}

/// Lets a `ForEach` or a lazy container give its `ForEach($items)` elements the node their
/// bindings' state lives on, and tell it which ids it removed.
@MainActor
protocol ElementBindingSource {
  /// Keeps the bindings' state on `node`; returns what to call with the ids of removed rows.
  func attach(to node: ViewNode) -> @MainActor ([AnyHashable]) -> Void
}

extension BindingElements: ElementBindingSource {
  func attach(to node: ViewNode) -> @MainActor ([AnyHashable]) -> Void {
    let store = node.parts.part(ElementBindingStore<C, ID>.self) { ElementBindingStore() }
    self.store.store = store
    return { [weak store] ids in store?.removed(ids) }
  }
}

/// The serial numbers of `ElementBindingStoreSlot`s.
@MainActor
enum ElementBindingSerials {
  private static var last: UInt64 = 0

  /// A number not given before.
  static func next() -> UInt64 {
    last &+= 1
    return last
  }
}

/// What the elements of one `BindingElements` value share: the source, how ids are read, and
/// the store of the bindings' state once a node attached it.
@MainActor
final class ElementBindingStoreSlot<C: MutableCollection & RandomAccessCollection, ID: Hashable> {
  /// A number no other slot has had: what tells one pass of elements from another (see
  /// `BindingElements.Element.makeSameElement()`).
  let serial = ElementBindingSerials.next()
  let source: Binding<C>
  let identify: (C.Element) -> ID
  var store: ElementBindingStore<C, ID>?

  init(source: Binding<C>, identify: @escaping (C.Element) -> ID) {
    self.source = source
    self.identify = identify
  }

  func binding(for id: ID, at index: C.Index, last: C.Element) -> Binding<C.Element> {
    let box =
      store?.box(
        for: id, at: index, pass: serial, source: source, last: last, identify: identify)
      ?? ElementBindingBox(id: id, at: index, source: source, last: last, identify: identify)
    return Binding(
      get: { box.read() }, set: { box.write($0) },
      source: source.sourceIdentity.map { AnyHashable([$0, AnyHashable(id)]) })
  }
}

/// The state of the element bindings of one `ForEach($items)`, by id, on the node that uses
/// them: one box per id, shared by every binding made for it, so that a removal reaches them
/// all.
@MainActor
final class ElementBindingStore<C: MutableCollection & RandomAccessCollection, ID: Hashable>:
  NodePart
{
  private var boxes: [ID: ElementBindingBox<C, ID>] = [:]

  /// The box of `id`, told where the element is seen now. Only the first binding a pass
  /// makes for an id moves its box: a repeated id's later elements are not shown (a
  /// `ForEach` shows the first element with each id), and a row's binding reads and writes
  /// the element it shows. (Moved by each, the box went to the last: the row showed and
  /// edited the last duplicate; found by a new user.)
  /// - Parameter pass: the serial number of the elements value making the binding.
  func box(
    for id: ID, at index: C.Index, pass: UInt64, source: Binding<C>, last: C.Element,
    identify: @escaping (C.Element) -> ID
  ) -> ElementBindingBox<C, ID> {
    if let box = boxes[id], !box.isRemoved {
      if box.refreshedBy != pass {
        box.refreshedBy = pass
        box.refresh(source: source, at: index)
      }
      return box
    }
    let box = ElementBindingBox(
      id: id, at: index, source: source, last: last, identify: identify)
    box.refreshedBy = pass
    boxes[id] = box
    return box
  }

  /// The rows of these ids were removed: their bindings no longer reach the collection.
  func removed(_ ids: [AnyHashable]) {
    for id in ids {
      guard let id = id.base as? ID, let box = boxes.removeValue(forKey: id) else { continue }
      box.isRemoved = true
    }
  }

  func nodeDidUnmount() {
    for box in boxes.values { box.isRemoved = true }
    boxes = [:]
  }
}

/// What the bindings to one element share: where the element is found, its value as a
/// derived value, and whether it was removed.
///
/// A read goes through the derived value, not straight to the collection: a body that reads
/// its element then depends on that element, which recomputes when the collection changes and
/// cuts off when the element compares the same (by the rules of a `ForEach`'s elements), so an
/// edit of one element re-runs the rows that read it, not every row that reads one. (Read
/// straight, every row depended on the whole collection: an edit of one element of 10,000
/// re-ran 10,000 rows, 43 ms; found by a user measuring scaling.)
@MainActor
final class ElementBindingBox<C: MutableCollection & RandomAccessCollection, ID: Hashable> {
  let locator: ElementLocator<C, ID>
  var isRemoved = false
  /// The pass (elements value) whose first binding for the id last moved the box.
  var refreshedBy: UInt64 = 0
  /// Whether a read, and a write, after the removal were reported: once each, so that a
  /// write through a property of the element (`todo.title = …`, which reads the element
  /// first) is reported as the write it is, not only as the read.
  private var reportedRead = false
  private var reportedWrite = false
  /// The element's value, made at the first read.
  private var element: Derived<C.Element>?

  var id: ID { locator.id }

  init(
    id: ID, at position: C.Index, source: Binding<C>, last: C.Element,
    identify: @escaping (C.Element) -> ID
  ) {
    locator = ElementLocator(
      id: id, at: position, source: source, last: last, identify: identify)
  }

  /// A new binding was made for the element: its latest source, and where it was seen.
  func refresh(source: Binding<C>, at position: C.Index) {
    locator.source = source
    locator.position = position
  }

  func read() -> C.Element {
    guard !isRemoved else {
      reportStale(isWrite: false)
      return locator.last
    }
    let value = derivedElement().value
    guard !locator.isGone else {
      isRemoved = true
      reportStale(isWrite: false)
      return locator.last
    }
    return value
  }

  func write(_ value: C.Element) {
    guard !isRemoved else {
      reportStale(isWrite: true)
      return
    }
    var collection = locator.source.wrappedValue
    guard let index = locator.locate(in: collection) else {
      isRemoved = true
      reportStale(isWrite: true)
      return
    }
    collection[index] = value
    locator.last = value
    locator.source.wrappedValue = collection
  }

  private func derivedElement() -> Derived<C.Element> {
    if let element { return element }
    let plan = ComparisonPlan.elementPlan(for: C.Element.self)
    let locator = locator
    let equal: (C.Element, C.Element) -> Bool = { plan.elementsEqual($0, $1) }
    let resolve: @MainActor () -> C.Element = { locator.resolve() }
    let element = Derived<C.Element>(name: "ForEach element", equals: equal, resolve)
    self.element = element
    return element
  }

  private func reportStale(isWrite: Bool) {
    if isWrite {
      guard !reportedWrite else { return }
      reportedWrite = true
    } else {
      guard !reportedRead else { return }
      reportedRead = true
    }
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: ["\(id)"],
        message:
          "A binding to the ForEach element with id \(id) was \(isWrite ? "written" : "read") "
          + "after the element was removed; "
          + (isWrite
            ? "the write is dropped (the element is not in the collection to write to). "
            : "reads give its last value. ")
          + "Do not keep a row's binding beyond the row."))
  }
}

/// Where one element of a `ForEach($items)` is found: its id, the latest source, where it was
/// last seen, and its last value. Apart from its box, so that the box's derived value can hold
/// it without holding the box (which holds the derived value).
@MainActor
final class ElementLocator<C: MutableCollection & RandomAccessCollection, ID: Hashable> {
  let id: ID
  let identify: (C.Element) -> ID
  var source: Binding<C>
  /// Where the element was last seen: checked first, so that finding it is O(1) while it
  /// stays there (searched from the start, each row's first read was O(its position), and
  /// mounting n rows that read their bindings O(n²): found by a user measuring 100,000 rows).
  var position: C.Index?
  var last: C.Element
  /// Whether the last resolution did not find the element: it was removed.
  private(set) var isGone = false

  init(
    id: ID, at position: C.Index, source: Binding<C>, last: C.Element,
    identify: @escaping (C.Element) -> ID
  ) {
    self.id = id
    self.position = position
    self.source = source
    self.last = last
    self.identify = identify
  }

  /// The element now, read from the source (a tracked read); its last value once it is gone.
  func resolve() -> C.Element {
    let collection = source.wrappedValue
    guard let index = locate(in: collection) else {
      isGone = true
      return last
    }
    last = collection[index]
    return last
  }

  /// The element's position now: where it was last, if it is still there, else found by id.
  func locate(in collection: C) -> C.Index? {
    // Compared with the bounds rather than `indices.contains`, which a collection whose
    // indices are not a range answers by a search.
    if let position, position >= collection.startIndex, position < collection.endIndex,
      identify(collection[position]) == id
    {
      return position
    }
    position = collection.firstIndex { identify($0) == id }
    return position
  }
}
