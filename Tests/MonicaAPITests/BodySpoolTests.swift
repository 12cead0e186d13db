import Foundation
import Testing

@testable import MonicaAPI

/// A body under way: in memory up to 1 MiB, then in a temporary file that has no name.
@Suite struct BodySpoolTests {
  /// The open descriptors of this process that are unlinked spool files, with their targets.
  func unnamedSpoolFiles() -> Set<String> {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return Set(
      descriptors.compactMap { descriptor in
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)) ?? ""
        return target.contains("/monica-body-") && target.hasSuffix("(deleted)") ? descriptor + " " + target : nil
      })
  }

  @Test("a body past 1 MiB goes to a file with no name and comes back whole, in order")
  func spillsToAnUnnamedFile() throws {
    let before = unnamedSpoolFiles()
    var spool = BodySpool()
    var expected = Data()
    for index in 0..<200 {
      // 16 KiB pieces, as libcurl hands them over.
      let piece = Data(repeating: UInt8(index % 251), count: 16 << 10)
      #expect(spool.append(piece) == nil)
      expected.append(piece)
      if index == 10 { #expect(unnamedSpoolFiles().subtracting(before).isEmpty, "a small body stays in memory") }
    }
    #expect(spool.count == expected.count)
    #expect(unnamedSpoolFiles().subtracting(before).count == 1, "the rest is in one unlinked file")
    #expect(try spool.contents().get() == expected)
    let directory = FileManager.default.temporaryDirectory.path
    let left = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    #expect(!left.contains { $0.hasPrefix("monica-body-") }, "no name is left behind")
  }

  @Test("a small body never touches the disk")
  func smallBodyInMemory() throws {
    let before = unnamedSpoolFiles()
    var spool = BodySpool()
    #expect(spool.append(Data("{\"data\":[]}".utf8)) == nil)
    #expect(unnamedSpoolFiles().subtracting(before).isEmpty)
    #expect(try spool.contents().get() == Data("{\"data\":[]}".utf8))
  }
}
