import MonicaAPI
import MonicaKit
import Testing

/// What monica-push accepts as a line, and what it makes of it, before anything is sent.
@Suite("PushLine")
struct PushLineTests {
  func line(_ text: String, object: String? = nil, delete: Bool = false) throws(MonicaError) -> PushLine {
    try PushLine(Array(text.utf8), source: "in.ndjson", number: 4, object: object, delete: delete)
  }

  func reason(_ text: String, object: String? = nil, delete: Bool = false) -> String? {
    do {
      _ = try line(text, object: object, delete: delete)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("the kind from object or --object, the action from id and --delete")
  func actions() throws {
    #expect(try line(#"{"object":"task","title":"t"}"#).action == .create)
    #expect(try line(#"{"object":"task","id":7}"#).action == .update(7))
    #expect(try line(#"{"object":"task","id":"7"}"#).action == .update(7))
    #expect(try line(#"{"id":7}"#, object: "note").mapping.object == "note")
    #expect(try line(#"{"object":null,"id":7}"#, object: "gift").mapping.object == "gift")
    #expect(try line(#"{"object":"tag","id":3}"#, delete: true).action == .delete(3))
    #expect(try line(#"{"object":"tag","id":3}"#).what == "tag #3")
    #expect(try line(#"{"object":"tag","name":"x"}"#).what == "a new tag")
  }

  @Test("every line that cannot be pushed is malformed input with its place (65)")
  func refused() {
    #expect(reason("{") == "in.ndjson:4: invalid JSON: unexpected end of input at byte 2")
    #expect(reason("[1]") == "in.ndjson:4: not a JSON object but an array")
    #expect(
      reason(#"{"id":7}"#)
        == #"in.ndjson:4: no "object" member says what kind of record this is; give it with --object"#)
    #expect(reason(#"{"object":"task","id":7}"#, object: "note") == "in.ndjson:4: a task record, but --object is note")
    #expect(reason(#"{"object":"photo"}"#)?.contains("photo records cannot be pushed") == true)
    #expect(reason(#"{"object":3}"#)?.contains("must be a string") == true)
    #expect(reason(#"{"object":"note","id":0}"#)?.contains("positive whole number") == true)
    #expect(reason(#"{"object":"note","id":"x"}"#)?.contains("positive whole number") == true)
    #expect(reason(#"{"object":"note","body":"b"}"#, delete: true) == #"in.ndjson:4: --delete needs the record's "id""#)
    #expect((try? line("{")) == nil)
  }
}
