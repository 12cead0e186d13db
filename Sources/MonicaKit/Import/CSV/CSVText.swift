/// Turns a CSV file's cells into text: UTF-8, or Windows-1252 when the file is not UTF-8.
///
/// A file's first text that is not ASCII decides, once: valid UTF-8 makes the file UTF-8, and a
/// later cell that is not UTF-8 is a bad row; anything else makes it Windows-1252 (what Outlook
/// and Excel write in Western Europe and the Americas: the code page Open-Xchange's Outlook
/// mappings declare, com.openexchange.importexport/importCSV/outlook2016.en_EN.properties:1),
/// which every byte is. Bytes before that point were ASCII, the same in both.
struct CSVText {
  /// What the file is decided to be.
  enum Decision: Equatable {
    case undecided, utf8, windows1252
  }

  private(set) var decision = Decision.undecided

  /// A text decoder for a file; UTF-16 files come transcoded and are UTF-8 from the start.
  init(utf8: Bool = false) { decision = utf8 ? .utf8 : .undecided }

  /// Why a cell could not be read.
  struct Problem: Error {
    let reason: String
  }

  /// The text of `bytes`; `switched` is called once when the file is taken for Windows-1252.
  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, switched: () -> Void) throws(Problem) -> String {
    if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    switch decision {
    case .utf8:
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw Problem(reason: "text that is not UTF-8, in a file whose text was UTF-8 before")
      }
      return text
    case .windows1252:
      return Self.windows1252(bytes)
    case .undecided:
      if let text = String(validating: bytes, as: UTF8.self) {
        decision = .utf8
        return text
      }
      decision = .windows1252
      switched()
      return Self.windows1252(bytes)
    }
  }

  /// Windows-1252 (WHATWG's index): Latin-1 but for 0x80-0x9F, five of which are unassigned
  /// and read as the control characters of the same number.
  static func windows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      if (0x80...0x9F).contains(byte), let scalar = Unicode.Scalar(high[Int(byte) - 0x80]) {
        scalars.append(scalar)
      } else {
        scalars.append(Unicode.Scalar(byte))
      }
    }
    return String(scalars)
  }

  /// 0x80-0x9F in Windows-1252.
  private static let high: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D,
    0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,
    0x017E, 0x0178,
  ]
}
