/// Windows-1252 as browsers read it (WHATWG Encoding's index): ISO-8859-1 but for 0x80-0x9F,
/// five of which are unassigned and read as the control characters of the same number. Old
/// vCards that say ISO-8859-1 and Outlook's CSV exports are written in it.
package enum Windows1252 {
  /// The character of `byte`.
  package static func scalar(_ byte: UInt8) -> Unicode.Scalar {
    guard (0x80...0x9F).contains(byte), let scalar = Unicode.Scalar(high[Int(byte) - 0x80]) else {
      return Unicode.Scalar(byte)
    }
    return scalar
  }

  /// The text of `bytes`.
  package static func decode(_ bytes: some Sequence<UInt8>) -> String {
    String(String.UnicodeScalarView(bytes.map(scalar)))
  }

  /// 0x80-0x9F.
  private static let high: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D,
    0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,
    0x017E, 0x0178,
  ]
}
