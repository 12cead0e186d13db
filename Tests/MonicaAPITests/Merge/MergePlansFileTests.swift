import Foundation
import MonicaKit
import Testing

@testable import MonicaAPI

/// `MergePlansFile`: the journal's plans are read a line at a time, each line bounded and
/// numbered as an editor numbers it; a torn last line is left for the next append to cut off.
@Suite struct MergePlansFileTests {
  /// A journal path in a new temporary directory whose plans file holds `text`.
  static func journal(_ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plans-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let journal = directory + "/merge.journal"
    try Data(text.utf8).write(to: URL(fileURLWithPath: journal + ".plans"))
    return journal
  }

  @Test("whole lines are taken in and a torn last line is not")
  func tornLast() throws {
    let plans = try MergePlansFile(journal: Self.journal("{\"reported\":\"a\"}\n{\"reported\":\"b\"}\n{\"repo"))
    #expect(plans.isReported("a") && plans.isReported("b"))
  }

  @Test("a line that is not a plan is refused at its own number, an empty one too")
  func numbered() throws {
    let journal = try Self.journal("{\"reported\":\"a\"}\n\n{\"reported\":\"b\"}\n")
    #expect {
      _ = try MergePlansFile(journal: journal)
    } throws: { error in
      guard case .malformedInput(_, let line, _) = error as? MonicaError else { return false }
      return line == 2
    }
  }

  @Test("a line over the bound is refused without being held whole")
  func bounded() throws {
    let long = "{\"reported\":\"" + String(repeating: "x", count: 200_000) + "\"}\n"
    let journal = try Self.journal("{\"reported\":\"a\"}\n" + long)
    #expect {
      _ = try MergePlansFile(journal: journal, lineLimit: 100_000)
    } throws: { error in
      guard case .malformedInput(_, let line, let reason) = error as? MonicaError else { return false }
      return line == 2 && reason.contains("100000 bytes")
    }
    // The same line under a bound it fits is a plan line like any other.
    #expect(try MergePlansFile(journal: journal, lineLimit: 300_000).isReported("a"))
  }
}
