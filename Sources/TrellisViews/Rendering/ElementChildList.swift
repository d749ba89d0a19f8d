/// An element's children as the renderers have them, with a single child stored inline.
///
/// Most elements that have children have one (a row around its `Text`, a button around its
/// label). As an array, each such list was an allocation of its own: about 300 instructions
/// of a mounted row's 12,000, and a heap object to free when the row goes. Lists of two or
/// more are an array, as before.
struct ElementChildList: RandomAccessCollection {
  private enum Storage {
    case none
    case one(ElementID)
    case many([ElementID])
  }

  private var storage: Storage

  /// No children.
  init() { storage = .none }

  /// One child, stored inline.
  init(_ child: ElementID) { storage = .one(child) }

  /// `children`, in order; stored inline when there is one.
  init(_ children: [ElementID]) {
    switch children.count {
    case 0: storage = .none
    case 1: storage = .one(children[0])
    default: storage = .many(children)
    }
  }

  /// The children as an array (made for a list of one, which has none stored).
  var array: [ElementID] {
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

  subscript(position: Int) -> ElementID {
    switch storage {
    case .one(let child):
      precondition(position == 0, "ElementChildList: index \(position) out of range (1 child)")
      return child
    case .many(let children):
      return children[position]
    case .none:
      preconditionFailure("ElementChildList: index \(position) out of range (no children)")
    }
  }
}
