import Foundation
import MonicaAPI
import MonicaKit
import Testing

@Suite struct PageEnvelopeTests {
  func lines(_ envelope: PageEnvelope) -> [String] {
    var lines: [String] = []
    envelope.forEachRecord { record in
      lines.append(String(decoding: record, as: UTF8.self))
      return true
    }
    return lines
  }

  @Test("records come out as the bytes the server sent, escapes and spacing included")
  func byteForByte() throws {
    let body =
      #"{"data":[ {"id":1,"url":"http:\/\/h\/1","name":"\u00e9t\u00e9"} ,{"id":2, "n":1.50e3}],"links":{"next":null},"meta":{"current_page":2,"last_page":7,"total":99}}"#
    let envelope = try PageEnvelope(Data(body.utf8), request: "/api/contacts")
    #expect(lines(envelope) == [#"{"id":1,"url":"http:\/\/h\/1","name":"\u00e9t\u00e9"}"#, #"{"id":2, "n":1.50e3}"#])
    #expect(envelope.currentPage == 2 && envelope.lastPage == 7 && envelope.total == 99)
  }

  @Test("one record in data, a bare record, and an empty page past the end")
  func shapes() throws {
    let one = try PageEnvelope(Data(#"{"data":{"id":12,"object":"contact"}}"#.utf8), request: "/api/contacts/12")
    #expect(lines(one) == [#"{"id":12,"object":"contact"}"#] && one.lastPage == nil)
    let bare = try PageEnvelope(Data(#" {"id":1,"object":"user"}"#.utf8), request: "/api/me")
    #expect(lines(bare) == [#"{"id":1,"object":"user"}"#])
    let empty = try PageEnvelope(
      Data(#"{"data":[],"meta":{"current_page":9,"from":null,"last_page":3}}"#.utf8), request: "x")
    #expect(lines(empty).isEmpty && empty.lastPage == 3)
  }

  @Test("a page with more than 512 empty arrays is not mistaken for deep nesting")
  func manyEmptyContainers() throws {
    let record = #"{"addresses":[],"tags":[],"x":{}}"#
    let body = #"{"data":["# + Array(repeating: record, count: 400).joined(separator: ",") + "]}"
    #expect(lines(try PageEnvelope(Data(body.utf8), request: "x")).count == 400)
  }

  @Test("bad JSON, cut bodies and answers without data are protocol errors")
  func malformed() {
    for body in [#"{"data":[{"id":1}"#, "<html>", #"{"message":"x"}"#, #"{"data":[1,2]}"#, #"{"data":[]} x"#] {
      #expect(throws: MonicaError.self, "\(body)") { try PageEnvelope(Data(body.utf8), request: "/api/x") }
      do {
        _ = try PageEnvelope(Data(body.utf8), request: "/api/x")
      } catch {
        #expect(error.exitStatus == .protocolError)
      }
    }
  }

  @Test("a top-level string of a record, without decoding the rest")
  func topLevelString() {
    let record = Array(#"{"information":{"updated_at":"no"},"updated_at":"2024-05-01T10:00:00Z"}"#.utf8)
    record.withUnsafeBufferPointer { bytes in
      #expect(PageEnvelope.topLevelString("updated_at", in: bytes) == "2024-05-01T10:00:00Z")
      #expect(PageEnvelope.topLevelString("missing", in: bytes) == nil)
    }
  }
}
