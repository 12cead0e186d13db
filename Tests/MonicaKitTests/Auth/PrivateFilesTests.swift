import Foundation
import Testing

@testable import MonicaKit

/// Files with personal data are the owner's only (issue 44 item 9): pictures of people and the
/// folder they are saved in, monica-import's update lines, and the id maps written beside them.
@Suite struct PrivateFilesTests {
  func mode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test("an image folder made for avatars or photos is 0700, each picture in it 0600")
  func images() throws {
    let work = try VCardImporterMatchingTests.Work()
    let folder = try ImageFolder(work.root + "/saved/faces")
    let file = try folder.write([0x89, 0x50, 0x4E, 0x47], fileName: "7.png").get()
    #expect(mode(work.root + "/saved/faces") == 0o700)
    #expect(mode(file) == 0o600)
  }

  @Test("a path's directory part, as the writers take it, for names of one character too")
  func parents() {
    let cases = [
      ("a", ""), ("ab", ""), ("a/", ""), ("a/b", "a"), ("x/a", "x"), ("/a", "/"), ("/", "/"), ("x//a", "x"),
      ("/home/u/.contacts/monica/", "/home/u/.contacts"), ("./b", "."),
    ]
    for (path, parent) in cases { #expect(SecureFiles.parent(of: path) == parent, "\(path)") }
  }

  @Test("monica-import's update lines and its map are 0600")
  func importFiles() throws {
    let work = try VCardImporterMatchingTests.Work()
    _ = try VCardImporterMatchingTests().run(
      """
      BEGIN:VCARD
      N:Lima;Ana;;;
      EMAIL:ana@example.com
      END:VCARD
      """, existing: [], work: work)
    #expect(mode(work.root + "/updates.ndjson") == 0o600)
    #expect(mode(work.root + "/map.tsv") == 0o600)
    _ = try MapFile(path: work.root + "/other.tsv")
    #expect(mode(work.root + "/other.tsv") == 0o600)
  }
}
