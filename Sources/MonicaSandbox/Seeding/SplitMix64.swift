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

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// `count` lowercase hexadecimal digits.
  package mutating func hex(_ count: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    appendHex(count, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func appendHex(_ count: Int, to bytes: inout [UInt8]) {
    for _ in 0..<count { bytes.append(Self.hexDigits[below(16)]) }
  }

  /// A version-4 UUID in its usual text form: the variant digit is drawn first, then the
  /// others from left to right.
  package mutating func uuid() -> String {
    let variant = Self.hexDigits[8 + below(4)]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    appendHex(8, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendHex(4, to: &bytes)
    bytes += [UInt8(ascii: "-"), UInt8(ascii: "4")]
    appendHex(3, to: &bytes)
    bytes += [UInt8(ascii: "-"), variant]
    appendHex(3, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendHex(12, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
