import Observation
import Trellis

/// What the registrar suite needs from a model, so that one generic loop (specialized per
/// model by the optimizer) measures every implementation the same way.
protocol TenModel: AnyObject {
  static var implementation: Implementation { get }
  init()
  var a0: Int { get set }
  var a1: Int { get set }
  var a2: Int { get set }
  var a3: Int { get set }
  var a4: Int { get set }
  var a5: Int { get set }
  var a6: Int { get set }
  var a7: Int { get set }
  var a8: Int { get set }
  var a9: Int { get set }
  /// The implementation's one-shot tracking call: `withTracking` or `withObservationTracking`.
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T
}

extension TrellisTen: TenModel {
  static var implementation: Implementation { .trellis }

  @inline(__always)
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withTracking(apply, onChange: onChange)
  }
}

extension ObjectTen: TenModel {
  static var implementation: Implementation { .objectLevel }

  @inline(__always)
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withTracking(apply, onChange: onChange)
  }
}

extension AppleTen: TenModel {
  static var implementation: Implementation { .appleObservation }

  @inline(__always)
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withObservationTracking(apply, onChange: onChange)
  }
}
