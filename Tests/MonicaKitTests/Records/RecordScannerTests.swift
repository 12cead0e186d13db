import Testing

@testable import MonicaKit

/// The fast scanner must accept exactly what the strict parser accepts, as objects.
@Suite struct RecordScannerTests {
  func scans(_ text: String) -> Bool {
    var scanner = RecordScanner()
    return Array(text.utf8).withUnsafeBufferPointer { scanner.scan($0) }
  }

  func parsesAsObject(_ text: String) -> Bool {
    guard let value = try? JSONValue(parsing: text) else { return false }
    if case .object = value { return true }
    return false
  }

  @Test(
    "agrees with JSONParser",
    arguments: [
      #"{}"#, #" { } "#, #"{"a":1}"#, #"{"a":[1,2,{"b":null}],"c":"\u00e9\/"}"#, #"{"a":-0.5e+3}"#,
      #"{"a":"é"}"#, #"{"a":true,"b":false}"#, #"{"a\"b":1}"#,
      #"[]"#, #""x""#, #"1"#, #"{"#, #"{"a"}"#, #"{"a":}"#, #"{"a":1,}"#, #"{"a":01}"#, #"{"a":1.}"#,
      #"{"a":"\x"}"#, #"{"a":"\u12"}"#, #"{"a":tru}"#, #"{"a":1} x"#, #"{a:1}"#, "{\"a\":\"\u{01}\"}",
      #"{"a":[1 2]}"#, #"{"a":{"b":1}"#, #"{"a":-}"#, #"{"a":1e}"#, #"{'a':1}"#, "",
    ])
  func agreement(text: String) {
    #expect(scans(text) == parsesAsObject(text), "\(text)")
  }

  @Test("rejects invalid UTF-8: overlongs, surrogates, truncated sequences")
  func utf8() {
    for bytes: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF5, 0x80, 0x80, 0x80], [0x80]] {
      var scanner = RecordScanner()
      let line = Array(#"{"a":""#.utf8) + bytes + Array(#""}"#.utf8)
      let accepted = line.withUnsafeBufferPointer { scanner.scan($0) }
      #expect(!accepted, "\(bytes)")
    }
    var scanner = RecordScanner()
    let good = Array("{\"a\":\"山𝄞\"}".utf8)
    let accepted = good.withUnsafeBufferPointer { scanner.scan($0) }
    #expect(accepted)
  }

  @Test("indexes top-level members and reads values in place")
  func members() throws {
    let text =
      #"{"id":7,"object":"contact","first_name":"\u00c9lodie","tags":[{"name":"a"},{"name":"b"}],"information":{"career":{"job":"x\/y"}},"n":null}"#
    var scanner = RecordScanner()
    let bytes = Array(text.utf8)
    try bytes.withUnsafeBufferPointer { buffer in
      let accepted = scanner.scan(buffer)
      #expect(accepted)
      let record = Record(
        bytes: buffer, members: scanner.members, objectRange: scanner.objectRange, source: "t", line: 1)
      #expect(scanner.members.count == 6)
      #expect(record.member("id")?.intValue == 7)
      #expect(record.isKind("contact") && !record.isKind("note"))
      #expect(record.member("first_name")?.stringValue == "Élodie")
      let job = try #require(FieldPath("information.career.job"))
      #expect(record.value(at: job)?.stringValue == "x/y")
      let names = try #require(FieldPath("tags.name"))
      #expect(record.values(at: names).compactMap(\.stringValue) == ["a", "b"])
      let second = try #require(FieldPath("tags.1.name"))
      #expect(record.value(at: second)?.stringValue == "b")
      #expect(record.member("n")?.isNull == true && record.member("missing") == nil)
      #expect(record.root.range == 0..<bytes.count)
    }
  }
}
