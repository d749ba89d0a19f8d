/// Where benchmark results go so that the optimizer cannot prove them unused.
///
/// Every loop folds what it reads into a local value and hands it here once, after the timed
/// part; the store to a global the program reads at exit is a side effect no optimization may
/// drop. `main` prints nothing from it unless it holds an impossible value.
nonisolated(unsafe) var blackHoleStorage: UInt = 0

/// Keeps `value` alive as far as the optimizer can tell.
@inline(never)
func blackHole(_ value: Int) {
  blackHoleStorage &+= UInt(bitPattern: value)
}

/// Keeps `object` alive as far as the optimizer can tell.
@inline(never)
func blackHole(_ object: AnyObject) {
  blackHoleStorage &+= UInt(bitPattern: ObjectIdentifier(object).hashValue)
}

/// Returns `value` unchanged through a call the optimizer cannot see into, so that a model it
/// has just built cannot be constant-folded into the measured loop.
@inline(never)
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }
