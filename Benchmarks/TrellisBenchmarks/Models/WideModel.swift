/// A model with `width` `Int` properties `p0` … `p<width-1>`, property `i` starting at `i`.
///
/// The conforming classes are generated (see `Benchmarks/Scripts/generate-wide-models.swift`)
/// in three implementations of identical shape.
protocol WideModel: AnyObject {
  static var width: Int { get }
  init()
  /// Reads property `index` through its tracked accessor (a `switch`, not a key path).
  func read(_ index: Int) -> Int
  /// Assigns `p0` through its tracked accessor.
  func writeFirst(_ value: Int)
}
