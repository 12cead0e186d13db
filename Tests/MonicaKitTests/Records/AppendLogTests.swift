import Foundation
import MonicaKit
import Testing

/// `AppendLog` as the map reads it: complete lines numbered as an editor numbers them, a line
/// past the bound refused at its number, a torn last line left for the next append.
@Suite struct AppendLogTests {
  static func file(_ bytes: [UInt8]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/map.tsv"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("a map line longer than the bound is refused at its own line, before it is held whole")
  func mapLineBounded() throws {
    let long = Array("contact\t1\t".utf8) + [UInt8](repeating: 0x31, count: MapFile.lineLimit + 10) + [0x0A]
    let path = try Self.file(Array("contact\t1\t2\n\n".utf8) + long)
    #expect {
      _ = try MapFile(path: path)
    } throws: { error in
      guard case .malformedInput(_, let line, let reason) = error as? MonicaError else { return false }
      return line == 3 && reason.contains("longer than \(MapFile.lineLimit) bytes")
    }
  }

  @Test("lines split across blocks are whole; a torn last line is not read, and the next append cuts it off")
  func acrossBlocks() throws {
    var text = ""
    for index in 1...10_000 { text += "contact\t\(index)\t\(index + 100_000)\n" }
    let path = try Self.file(Array((text + "contact\t99999\t12").utf8))
    let map = try MapFile(path: path)
    #expect(map.target(of: "contact", source: 10_000) == 110_000)
    #expect(map.target(of: "contact", source: 99_999) == nil)
    try map.append("note", source: 1, target: 2)
    let after = try String(contentsOfFile: path, encoding: .utf8)
    #expect(after.hasSuffix("contact\t10000\t110000\nnote\t1\t2\n"))
    #expect(try MapFile(path: path).target(of: "note", source: 1) == 2)
  }
}
