import Foundation
import MonicaKit
import Testing

@testable import MonicaAPI

/// A page of photos read where it lies, in pieces: the records and members found are those of
/// the whole page parsed at once, wherever the pieces are cut, and a `dataUrl` decodes straight
/// from its JSON text to the image `DataURL.decode` gives.
@Suite struct PhotoPageTests {
  static let png: [UInt8] = Array(
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    ) ?? Data())

  /// A page as Laravel writes it: `/` as `\/`, members in Photo.php's order, `meta` last.
  static func page(_ count: Int) -> String {
    let base64 = Data(png + Array(repeating: 0xFF, count: 300)).base64EncodedString()
    let records = (1...count).map { id in
      #"{"id":\#(id),"object":"photo","original_filename":"a \"quoted\\\" {name} [\#(id)].png","#
        + #""dataUrl":"data:image\/png;base64,\#(base64.replacingOccurrences(of: "/", with: "\\/"))","#
        + #""link":"http:\/\/x\/store\/photos\/\#(id).png","contact":{"id":\#(id),"tags":[{"a":"}"}]},"#
        + #""updated_at":"2026-01-0\#(id % 9 + 1)T00:00:00Z"}"#
    }
    return #"{"data":[\#(records.joined(separator: ","))],"links":{"next":null},"#
      + #""meta":{"current_page":1,"last_page":7,"total":\#(count)}}"#
  }

  /// The members `PageScanner` finds when fed `bytes` in pieces of `piece` bytes.
  func scanned(_ bytes: [UInt8], piece: Int) -> ([PhotoPage.Members], Range<Int>?, String?) {
    var scanner = PageScanner(keys: PhotoResolver.members)
    var found: [PhotoPage.Members] = []
    for start in stride(from: 0, to: bytes.count, by: piece) {
      bytes[start..<min(start + piece, bytes.count)].withUnsafeBufferPointer { buffer in
        scanner.feed(buffer, at: start) { found.append($0) }
      }
    }
    if scanner.failure == nil { scanner.finish() }
    return (found, scanner.meta, scanner.failure)
  }

  @Test("the records' members are found wherever the pieces are cut")
  func pieces() throws {
    let bytes = Array(Self.page(5).utf8)
    let whole = try PageEnvelope(Data(bytes), request: "/api/photos")
    for piece in [1, 2, 3, 7, 64, 1000, bytes.count] {
      let (records, meta, failure) = scanned(bytes, piece: piece)
      #expect(failure == nil, "piece \(piece)")
      #expect(records.count == whole.records.count, "piece \(piece)")
      for (members, range) in zip(records, whole.records) {
        #expect(Set(members.keys) == PhotoResolver.members, "piece \(piece)")
        for (key, member) in members {
          let expected = bytes[range].withUnsafeBufferPointer { PageEnvelope.topLevelValue(key, in: $0) }
          #expect(try JSONValue(parsing: bytes[member]) == expected, "piece \(piece): \(key)")
        }
      }
      let metaValue = try JSONValue(parsing: bytes[try #require(meta)])
      #expect(metaValue["last_page"]?.intValue == 7)
    }
  }

  @Test("what is no page is refused: no data list, a record that is no object, a body cut short, a comma astray")
  func notPages() {
    for body in [
      #"{"meta":{}}"#, #"[1,2]"#, #"{"data":[1]}"#, #"{"data":{"id":1}}"#, #"{"data":[{"id":1}"#, #"{"data":[]} x"#,
      // The sandbox's badjson fault: a trailing comma; and the other ways commas and colons go wrong.
      #"{"data":[{"id":1,"object":"contact"},]}"#, #"{"data":[{"id":1} {"id":2}]}"#, #"{"data":[{"id":1,}]}"#,
      #"{"data":[{"id" 1}]}"#, #"{"data":[{"id":1 2}]}"#, #"{"data":[,{"id":1}]}"#, #"{"data":[{"id"::1}]}"#,
    ] {
      #expect(scanned(Array(body.utf8), piece: 3).2 != nil, "\(body)")
    }
    for body in [#"{"data":[]}"#, #" { "data" : [ { "id" : 1 , "a" : [ ] , "b" : { } } , {} ] , "meta" : null } "#] {
      #expect(scanned(Array(body.utf8), piece: 3).2 == nil, "\(body)")
    }
  }

  @Test("a dataUrl decodes from its JSON text, escapes and all, as DataURL.decode decodes the string")
  func decodes() throws {
    let bytes = Array(Self.page(2).utf8)
    let (records, _, _) = scanned(bytes, piece: 5)
    let range = try #require(records.first?["dataUrl"])
    let text = try #require(try JSONValue(parsing: bytes[range]).stringValue)
    for piece in [1, 3, 100, range.count] {
      var decoder = DataURLDecoder(length: range.count)
      for start in stride(from: range.lowerBound, to: range.upperBound, by: piece) {
        bytes[start..<min(start + piece, range.upperBound)].withUnsafeBufferPointer { decoder.feed($0) }
      }
      #expect(try decoder.finish().get() == DataURL.decode(text).get(), "piece \(piece)")
    }
    let image = PhotoImage.decode(id: 1, dataURL: range) { Data(bytes[$0]) }
    #expect(try image.get().bytes == DataURL.decode(text).get())
  }

  @Test("a dataUrl that is no image says why, as before; other escapes are read as a string")
  func refusals() {
    func decode(_ json: String) -> String? {
      let bytes = Array(json.utf8)
      switch PhotoImage.decode(id: 3, dataURL: 0..<bytes.count, read: { Data(bytes[$0]) }) {
      case .success: return nil
      case .failure(let failure): return failure.reason
      }
    }
    #expect(decode("null") == "photo #3 has no dataUrl")
    #expect(decode(#""http:\/\/x""#) == "not a data: URL")
    #expect(decode(#""data:image\/png,abc""#) == "a data: URL that is not base64")
    #expect(decode(#""data:image\/png;base64,@@@=A""#) == "a data: URL whose base64 does not decode")
    #expect(decode(#""data:image\/png;base64,AAAA""#)?.hasPrefix("not an image") == true)
    let escaped = Data(Self.png).base64EncodedString().replacingOccurrences(of: "A", with: "\\u0041")
    #expect(decode(#""data:image\/png;base64,\#(escaped)""#) == nil)
    let huge = "\"data:image/png;base64," + String(repeating: "A", count: (ImageKind.byteLimit + 3) / 3 * 4 + 8) + "\""
    #expect(decode(huge) == "larger than 10 MB")
  }
}
