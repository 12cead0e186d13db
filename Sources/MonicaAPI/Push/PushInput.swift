import MonicaKit

/// The lines of `monica-push`'s input files in order, pulled one at a time, so that each line is
/// read only when the previous one has been written to Monica.
package final class PushInput {
  private var sources: [InputSource]
  private var reader: LineReader?

  /// The lines of `sources`, read in order (`-` is standard input).
  package init(_ sources: [InputSource]) { self.sources = sources }

  /// The next line that is not blank, with its source's name and number; `nil` at the end.
  package func next() throws(MonicaError) -> (bytes: [UInt8], source: String, number: Int)? {
    while true {
      if reader == nil {
        guard !sources.isEmpty else { return nil }
        reader = try sources.removeFirst().open()
      }
      guard let current = reader else { return nil }
      guard let line = try current.nextLine() else {
        reader = nil
        continue
      }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      return (line, current.name, current.lineNumber)
    }
  }
}
