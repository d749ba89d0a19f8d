import Synchronization
import Testing

@testable import TrellisTracking

/// A subscriber of a given kind that can be marked finished.
// `@unchecked` is restated because the base class's conformance is (Swift requires it); this
// subclass's own state is immutable or atomic, so it is Sendable without exception.
final class ListedSubscriber: TrackingSubscriber, @unchecked Sendable {
  let number: Int
  private let isDone = Atomic<Bool>(false)

  /// Whether the list should purge it.
  var finished: Bool {
    get { isDone.load(ordering: .relaxed) }
    set { isDone.store(newValue, ordering: .relaxed) }
  }

  init(_ number: Int, kind: Kind) {
    self.number = number
    super.init(kind: kind)
  }

  override var isFinished: Bool { isDone.load(ordering: .relaxed) }
}

@Suite struct SubscriberListTests {
  /// Removes `subscriber` from `list`; whether it was there.
  func removed(_ subscriber: TrackingSubscriber, from list: inout SubscriberList) -> Bool {
    list.remove(subscriber)
  }

  /// The numbers of the subscribers in the list, in order.
  func numbers(_ list: SubscriberList) -> [Int] {
    list.all.compactMap { ($0 as? ListedSubscriber)?.number }
  }

  @Test func aLargeListKeepsSubscriptionOrderAndItsCountsThroughRemovals() {
    var list = SubscriberList()
    // Every third one is a relay, which does not count as wanting `willSet`.
    let subscribers = (0..<100).map {
      ListedSubscriber($0, kind: $0 % 3 == 0 ? .relay : .continuous)
    }
    for subscriber in subscribers { list.append(subscriber) }
    #expect(list.count == 100)
    #expect(list.willSetCount == 66)
    // Removing the first half from the front leaves holes, then squeezes them out.
    for subscriber in subscribers[0..<50] { #expect(removed(subscriber, from: &list)) }
    #expect(numbers(list) == Array(50..<100))
    #expect(list.count == 50)
    #expect(list.willSetCount == 50 - (50..<100).filter { $0 % 3 == 0 }.count)
    #expect(list.size <= 100)
    // Removing what is not there, or twice, changes nothing.
    #expect(!removed(subscribers[0], from: &list))
    #expect(!removed(ListedSubscriber(-1, kind: .relay), from: &list))
    #expect(list.count == 50)
    // Odd ones from the back, then new ones appended after the survivors.
    for subscriber in subscribers[50...].reversed() where subscriber.number % 2 == 1 {
      #expect(removed(subscriber, from: &list))
    }
    list.append(ListedSubscriber(100, kind: .oneShot))
    #expect(numbers(list) == Array(stride(from: 50, to: 100, by: 2)) + [100])
    #expect(list.count == 26)
    #expect(list.size - list.count <= list.size / 2)
  }

  @Test func purgingFinishedSubscribersKeepsTheOthersInOrder() {
    var list = SubscriberList()
    let subscribers = (0..<40).map { ListedSubscriber($0, kind: .continuous) }
    for subscriber in subscribers { list.append(subscriber) }
    #expect(removed(subscribers[1], from: &list))
    for subscriber in subscribers where subscriber.number % 4 == 0 { subscriber.finished = true }
    list.removeAll { $0.isFinished }
    let expected = (0..<40).filter { $0 != 1 && $0 % 4 != 0 }
    #expect(numbers(list) == expected)
    #expect(list.count == expected.count)
    #expect(list.willSetCount == expected.count)
    // Still indexed: each of the rest can be removed.
    for number in expected { #expect(removed(subscribers[number], from: &list)) }
    #expect(list.count == 0)
    #expect(list.all.isEmpty)
  }

  @Test func aSmallListRemovesInPlaceAndHandsOutItsOnlySubscriber() {
    var list = SubscriberList()
    let first = ListedSubscriber(0, kind: .oneShot)
    let second = ListedSubscriber(1, kind: .relay)
    // One subscriber is kept inline.
    list.append(first)
    #expect(list.only === first)
    #expect(list.size == 1)
    #expect(list.willSetCount == 1)
    // A second moves both into the array, in order.
    list.append(second)
    #expect(list.only == nil)
    #expect(numbers(list) == [0, 1])
    #expect(removed(first, from: &list))
    #expect(numbers(list) == [1])
    #expect(list.willSetCount == 0)
    #expect(list.only === second)
    let only = list.removeOnly()
    #expect(only === second)
    #expect(list.count == 0)
    #expect(list.all.isEmpty)
    #expect(list.removeOnly() == nil)
    // The inline one is removed, purged and handed out like any other.
    list.append(first)
    #expect(!removed(second, from: &list))
    #expect(removed(first, from: &list))
    #expect(list.count == 0)
    list.append(first)
    first.finished = true
    list.removeAll { $0.isFinished }
    #expect(list.all.isEmpty)
    list.append(second)
    let inline = list.removeOnly()
    #expect(inline === second)
    #expect(list.count == 0 && list.willSetCount == 0)
  }
}
