import Observation
import Trellis

// The same shape in three implementations: ten `Int` properties, `a0` … `a9`, all starting at
// zero. Apple's model uses the real `@Observable` macro, which expands on Linux with the 6.3.1
// toolchain.

/// Property-level Trellis model.
final class TrellisTen: Trackable {
  @Tracked var a0 = 0
  @Tracked var a1 = 0
  @Tracked var a2 = 0
  @Tracked var a3 = 0
  @Tracked var a4 = 0
  @Tracked var a5 = 0
  @Tracked var a6 = 0
  @Tracked var a7 = 0
  @Tracked var a8 = 0
  @Tracked var a9 = 0
}

/// Apple's Observation model.
@Observable final class AppleTen {
  var a0 = 0
  var a1 = 0
  var a2 = 0
  var a3 = 0
  var a4 = 0
  var a5 = 0
  var a6 = 0
  var a7 = 0
  var a8 = 0
  var a9 = 0
}

/// Object-level Trellis model.
final class ObjectTen: ObjectTrackable {
  let objectChanges = ObjectChangeNotifier()
  @ObjectTracked var a0 = 0
  @ObjectTracked var a1 = 0
  @ObjectTracked var a2 = 0
  @ObjectTracked var a3 = 0
  @ObjectTracked var a4 = 0
  @ObjectTracked var a5 = 0
  @ObjectTracked var a6 = 0
  @ObjectTracked var a7 = 0
  @ObjectTracked var a8 = 0
  @ObjectTracked var a9 = 0
}
