/// A list of children with a single child stored inline: a view node's children
/// (`ChildList<ViewNode>`), and an element's children as the renderers have them
/// (`ChildList<ElementID>`).
///
/// Most nodes and elements that have children have one: a row's body, a modifier's content,
/// a row's element around its `Text`. As an array, each such list was an allocation of its
/// own (48 bytes with the allocator's header), freed again when its owner goes. Stored inline,
/// a mounted row makes two allocations fewer. Lists of two or more are an array, as before.
///
/// What it costs: an enum's payload cannot be read in place, so a read of a list held in
/// another value (the commit walk's frames) copies the payload out, a retain and a release.
/// For the node's list that gave back about half of what the allocation cost (a mount of
/// 1,000 rows went from 11,382 to 11,286 instructions per row, −0.8%), until the walk held
/// the top frame's list in a local (11,235, −1.3% in all).
struct ChildList<Child>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  ExpressibleByArrayLiteral
{
  /// Invariant: `.many` holds two children or more (every edit that can shrink the list goes
  /// through `init(_:)`, which picks the case by count), so `isEmpty` and `first` can read
  /// the case alone.
  private enum Storage {
    case none
    case one(Child)
    case many([Child])
  }

  private var storage: Storage

  /// No children.
  init() { storage = .none }

  /// One child, stored inline.
  init(_ child: Child) { storage = .one(child) }

  /// `children`, in order; stored inline when there is one.
  init(_ children: [Child]) {
    switch children.count {
    case 0: storage = .none
    case 1: storage = .one(children[0])
    default: storage = .many(children)
    }
  }

  init(arrayLiteral children: Child...) { self.init(children) }

  /// The children as an array (made for a list of one, which has none stored).
  var array: [Child] {
    switch storage {
    case .none: []
    case .one(let child): [child]
    case .many(let children): children
    }
  }

  var startIndex: Int { 0 }

  var endIndex: Int {
    switch storage {
    case .none: 0
    case .one: 1
    case .many(let children): children.count
    }
  }

  var isEmpty: Bool {
    if case .none = storage { return true }
    return false
  }

  var first: Child? {
    switch storage {
    case .none: nil
    case .one(let child): child
    case .many(let children): children.first
    }
  }

  subscript(position: Int) -> Child {
    get {
      switch storage {
      case .one(let child):
        precondition(position == 0, "ChildList: index \(position) out of range (1 child)")
        return child
      case .many(let children):
        return children[position]
      case .none:
        preconditionFailure("ChildList: index \(position) out of range (no children)")
      }
    }
    set {
      switch storage {
      case .one:
        precondition(position == 0, "ChildList: index \(position) out of range (1 child)")
        storage = .one(newValue)
      case .many(var children):
        // Taken out of the enum first, so that the array is uniquely referenced and is
        // written in place rather than copied.
        storage = .none
        children[position] = newValue
        storage = .many(children)
      case .none:
        preconditionFailure("ChildList: index \(position) out of range (no children)")
      }
    }
  }

  mutating func append(_ child: Child) {
    switch storage {
    case .none:
      storage = .one(child)
    case .one(let only):
      storage = .many([only, child])
    case .many(var children):
      storage = .none
      children.append(child)
      storage = .many(children)
    }
  }

  mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with children: C)
  where C.Element == Child {
    var all = array
    storage = .none
    all.replaceSubrange(range, with: children)
    self = ChildList(all)
  }

  mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    storage = .none
  }

  /// Reserves room in a list that is already an array; a list of none or one stays inline.
  mutating func reserveCapacity(_ minimumCapacity: Int) {
    guard case .many(var children) = storage else { return }
    storage = .none
    children.reserveCapacity(minimumCapacity)
    storage = .many(children)
  }
}
