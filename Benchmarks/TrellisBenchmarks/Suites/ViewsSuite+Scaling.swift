import Trellis

/// Apps whose one small change once cost time in proportion to an unrelated part of the tree
/// (found by a new user): a tab switch among many tabs, releasing a form of focused fields, a
/// structural change beside many preference readers, a push onto a deep navigation stack.
/// Each case is one operation at one size; its figure should not grow with the size.
enum ScalingApps {
  final class Store: Trackable {
    @Tracked var selection = 0
    @Tracked var flag = false
    @Tracked var path: [Int] = []
  }

  struct Tabs: View {
    let store: Store
    let count: Int
    var body: some View {
      TabView(selection: Binding(get: { store.selection }, set: { store.selection = $0 })) {
        ForEach(0..<count, id: \.self) { id in
          Text("tab \(id)").tabItem { Text("item \(id)") }.tag(id)
        }
      }
    }
  }

  struct FocusedForm: View {
    let count: Int
    @FocusState private var focus: Int?
    @State private var text = ""
    var body: some View {
      VStack {
        ForEach(0..<count, id: \.self) { id in
          TextField("field \(id)", text: $text).focused($focus, equals: id)
        }
      }
    }
  }

  struct TitleKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
  }

  final class Calls {
    var count = 0
  }

  struct Readers: View {
    let store: Store
    let count: Int
    let calls: Calls
    var body: some View {
      VStack {
        Switcher(store: store)
        ForEach(0..<count, id: \.self) { id in
          Text("row \(id)").preference(key: TitleKey.self, value: id)
            .onPreferenceChange(TitleKey.self) { _ in calls.count += 1 }
        }
      }
    }
  }

  struct Switcher: View {
    let store: Store
    var body: some View {
      if store.flag { Text("on") } else { Text("off") }
    }
  }

  struct Stack: View {
    let store: Store
    var body: some View {
      NavigationStack(path: Binding(get: { store.path }, set: { store.path = $0 })) {
        Text("root").navigationDestination(for: Int.self) { page in
          Text("page \(page)").navigationTitle("page \(page)")
        }
      }
    }
  }
}

extension ViewsSuite {
  /// The scaling cases, at 1,000 tabs, 4,000 fields, 4,000 readers and 1,000 levels.
  @MainActor
  func measureScaling(in context: SuiteContext) {
    measureTabSwitch(count: 1_000, in: context)
    measureFocusedRelease(count: 4_000, in: context)
    measureStructureBesideReaders(count: 4_000, in: context)
    measurePushOnDeepStack(depth: 1_000, in: context)
  }

  /// Switches among `count` tabs, a scattered one per update.
  @MainActor
  private func measureTabSwitch(count: Int, in context: SuiteContext) {
    let caseName = "tab-switch-\(Self.sizeLabel(count))"
    let store = ScalingApps.Store()
    let host = ViewHost(
      ScalingApps.Tabs(store: store, count: count), executor: .manual,
      options: ViewHostOptions(logsUpdates: false))
    var next = 0
    let samples = context.sampler.nanosecondsPerOperation { n in
      timed {
        for _ in 0..<n {
          next = (next + 389) % count
          store.selection = next
          host.flush()
        }
      }
    }
    context.record(caseName, .trellis, metric: Self.perUpdate, samples: samples)
    let shown = host.tree.texts.first
    context.check(
      shown == "tab \(next)", caseName, .trellis,
      "the shown tab is \(shown ?? "none"), expected tab \(next)")
  }

  /// Mounts a form of `count` fields bound to one focus state, then times releasing it.
  @MainActor
  private func measureFocusedRelease(count: Int, in context: SuiteContext) {
    let caseName = "release-focused-form-\(Self.sizeLabel(count))"
    var samples: [Double] = []
    var correct = true
    for sample in -1..<context.sampler.sampleCount {
      let host = ViewHost(
        ScalingApps.FocusedForm(count: count), executor: .manual,
        options: ViewHostOptions(logsUpdates: false))
      correct = correct && host.tree.texts.count == count
      let elapsed = timed { host.unmount() }
      correct = correct && host.tree.texts.isEmpty
      if sample >= 0 { samples.append(elapsed.nanoseconds / 1e6) }
    }
    context.record(caseName, .trellis, metric: "ms", samples: samples)
    context.check(
      correct, caseName, .trellis, "a form did not show its \(count) fields, or kept some")
  }

  /// Flips a small `if` beside `count` rows that each read their own preference value.
  @MainActor
  private func measureStructureBesideReaders(count: Int, in context: SuiteContext) {
    let caseName = "toggle-beside-readers-\(Self.sizeLabel(count))"
    let store = ScalingApps.Store()
    let calls = ScalingApps.Calls()
    let host = ViewHost(
      ScalingApps.Readers(store: store, count: count, calls: calls), executor: .manual,
      options: ViewHostOptions(logsUpdates: false))
    let callsAtMount = calls.count
    let samples = context.sampler.nanosecondsPerOperation { n in
      timed {
        for _ in 0..<n {
          store.flag.toggle()
          host.flush()
        }
      }
    }
    context.record(caseName, .trellis, metric: Self.perUpdate, samples: samples)
    let shown = host.tree.texts.first
    context.check(
      shown == (store.flag ? "on" : "off") && calls.count == callsAtMount, caseName, .trellis,
      "the switch shows \(shown ?? "nothing"), or a reader's value was reported again "
        + "(\(calls.count - callsAtMount) times)")
  }

  /// Pushes a level onto a stack `depth` levels deep and pops it, one update each.
  @MainActor
  private func measurePushOnDeepStack(depth: Int, in context: SuiteContext) {
    let caseName = "push-pop-on-stack-\(Self.sizeLabel(depth))"
    let store = ScalingApps.Store()
    store.path = Array(0..<depth)
    let host = ViewHost(
      ScalingApps.Stack(store: store), executor: .manual,
      options: ViewHostOptions(logsUpdates: false))
    let samples = context.sampler.nanosecondsPerOperation { n in
      timed {
        for _ in 0..<n {
          store.path.append(depth)
          host.flush()
          store.path.removeLast()
          host.flush()
        }
      }
    }
    context.record(caseName, .trellis, metric: Self.perUpdate, samples: samples)
    let top = host.tree.texts.last
    context.check(
      top == "page \(depth - 1)" && store.path.count == depth, caseName, .trellis,
      "the top level shows \(top ?? "nothing"), expected page \(depth - 1)")
  }
}
