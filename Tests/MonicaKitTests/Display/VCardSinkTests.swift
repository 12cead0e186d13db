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

  func fieldLine(_ json: String, _ version: VCardVersion) -> String? {
    var scanner = RecordScanner()
    return Array(json.utf8).withUnsafeBufferPointer { buffer in
      guard scanner.scan(buffer) else { return nil }
      let record = Record(
        bytes: buffer, members: scanner.members, objectRange: scanner.objectRange, source: "t", line: 1)
      return VCardSink.fieldLine(record.root, version: version)
    }
  }

  static func phone(_ typeName: String, labels: [String]) -> String {
    let labels = labels.map { #"{"object":"contactfieldlabel","type":"\#($0)"}"# }.joined(separator: ",")
    return #"{"object":"contactfield","content":"+1 555 0100","labels":[\#(labels)],"#
      + #""contact_field_type":{"name":"\#(typeName)","protocol":"tel:","type":"phone"}}"#
  }

  @Test("a phone's TYPE is one readers map: its label or its type's name, else none; never VOICE alone")
  func phoneTypes() {
    #expect(fieldLine(Self.phone("Phone", labels: []), .v3) == "TEL:+1 555 0100")
    #expect(fieldLine(Self.phone("Phone", labels: ["cell"]), .v3) == "TEL;TYPE=CELL:+1 555 0100")
    #expect(fieldLine(Self.phone("Phone", labels: ["other", "work"]), .v3) == "TEL;TYPE=WORK:+1 555 0100")
    #expect(fieldLine(Self.phone("Phone", labels: ["home"]), .v4) == "TEL;TYPE=home:+1 555 0100")
    #expect(fieldLine(Self.phone("Mobile", labels: []), .v3) == "TEL;TYPE=CELL:+1 555 0100")
    #expect(fieldLine(Self.phone("Work phone", labels: []), .v3) == "TEL;TYPE=WORK:+1 555 0100")
    #expect(fieldLine(Self.phone("Phone", labels: ["main"]), .v4) == "TEL:+1 555 0100")
  }
}
