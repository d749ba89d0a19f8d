/// The seeded pseudo-random generator of js-reactivity-benchmark's dynamic graph.
///
/// The benchmark seeds a Small Fast Counter generator (sfc32, from PractRand) with four 32-bit
/// words drawn from a MurmurHash3-style string hash (`xmur3a`) of the seed string, and returns
/// doubles in `[0, 1)`. The arithmetic here is the same 32-bit wrapping arithmetic the JavaScript
/// code performs with `Math.imul`, `| 0` and `>>> 0`, so a given seed yields the same sequence of
/// numbers in both languages and the generated graphs, sums and counts are reproducible.
public struct PseudoRandom: Sendable {
  private var a: UInt32
  private var b: UInt32
  private var c: UInt32
  private var d: UInt32

  /// Creates a generator seeded from a string, `"seed"` by default as in the benchmark.
  public init(seed: String = "seed") {
    var hash = SeedHash(seed)
    a = hash.next()
    b = hash.next()
    c = hash.next()
    d = hash.next()
  }

  /// The next number of the sequence, in `[0, 1)`.
  public mutating func next() -> Double {
    Double(nextWord()) / 4_294_967_296
  }

  /// The next raw 32-bit output of sfc32.
  public mutating func nextWord() -> UInt32 {
    var t = a &+ b
    a = b ^ (b >> 9)
    b = c &+ (c << 3)
    c = (c << 21) | (c >> 11)
    d = d &+ 1
    t = t &+ d
    c = c &+ t
    return t
  }
}

/// The `xmur3a` seed generator: hashes a string once, then yields successive 32-bit words.
struct SeedHash {
  private var h: UInt32

  init(_ string: String) {
    // JavaScript strings are indexed by UTF-16 code unit (`charCodeAt`, `length`).
    var h: UInt32 = 2_166_136_261
    var length: UInt32 = 0
    for unit in string.utf16 {
      var k = UInt32(unit) &* 3_432_918_353
      k = (k << 15) | (k >> 17)
      h ^= k &* 461_845_907
      h = (h << 13) | (h >> 19)
      h = h &* 5 &+ 3_864_292_196
      length &+= 1
    }
    self.h = h ^ length
  }

  mutating func next() -> UInt32 {
    h ^= h >> 16
    h = h &* 2_246_822_507
    h ^= h >> 13
    h = h &* 3_266_489_909
    h ^= h >> 16
    return h
  }
}
