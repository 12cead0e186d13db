import Foundation
import Testing

@testable import MonicaKit

@Suite struct VCardSinkTests {
  @Test("escapes backslash, comma, semicolon and line breaks as RFC 6350 says")
  func escaping() {
    #expect(VCardSink.escape("a\\b,c;d\ne\r\nf") == "a\\\\b\\,c\\;d\\ne\\nf")
  }

  @Test("folds at 75 octets without splitting a UTF-8 sequence, CRLF line ends")
  func folding() {
    var out: [UInt8] = []
    let line = "NOTE:" + String(repeating: "é", count: 60)
    VCardSink.appendFolded(line, to: &out)
    let text = String(decoding: out, as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
    #expect(text.hasSuffix("\r\n"))
    #expect(lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
  }
}
