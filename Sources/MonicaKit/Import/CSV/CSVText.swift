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
      return Windows1252.decode(bytes)
    case .undecided:
      if let text = String(validating: bytes, as: UTF8.self) {
        decision = .utf8
        return text
      }
      decision = .windows1252
      switched()
      return Windows1252.decode(bytes)
    }
  }
}
