/// A tiny deterministic random generator, so that a seed gives the same data on every machine.
///
/// The standard library's generators are either random (SystemRandomNumberGenerator) or not
/// specified to stay the same across releases; SplitMix64 is a few lines and fully specified.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator started from `seed`.
  package init(seed: UInt64) { state = seed }

  /// A generator for one item of a seeded world, independent of the order items are made in.
  package init(seed: UInt64, stream: UInt64, index: UInt64) {
    var mixer = SplitMix64(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
    state = mixer.next() ^ (index &* 0xBF58_476D_1CE4_E5B9)
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

  /// True with probability `percent` / 100.
  package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One element of a non-empty array.
  package mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  /// `count` lowercase hexadecimal digits.
  package mutating func hex(_ count: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<count).map { _ in digits[below(16)] })
  }

  /// A version-4 UUID in its usual text form.
  package mutating func uuid() -> String {
    let variant = Array("89ab")[below(4)]
    return "\(hex(8))-\(hex(4))-4\(hex(3))-\(variant)\(hex(3))-\(hex(12))"
  }
}
