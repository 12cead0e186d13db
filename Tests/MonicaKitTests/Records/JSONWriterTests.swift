import Testing

@testable import MonicaKit

@Suite struct JSONWriterTests {
  @Test("Monica's wire form escapes slashes and non-ASCII like PHP's json_encode")
  func writesLikePHP() {
    let value = JSONValue.object(JSONObject(["url": .string("https://x/a"), "n": .string("José 李 😀\u{1}")]))
    #expect(JSONWriter.monica.string(value) == #"{"url":"https:\/\/x\/a","n":"Jos\u00e9 \u674e \ud83d\ude00\u0001"}"#)
  }

  @Test("ASCII text is escaped as PHP escapes it: quotes, backslashes, slashes, control characters")
  func escapesASCII() {
    let value = JSONValue.string("a\"b\\c/d\u{1}\n~e")
    #expect(JSONWriter.monica.string(value) == #""a\"b\\c\/d\u0001\n~e""#)
  }

  @Test("plain form keeps UTF-8 and slashes")
  func writesPlain() {
    let value = JSONValue.array([.string("a/b é\t\"")])
    #expect(JSONWriter.plain.string(value) == "[\"a/b é\\t\\\"\"]")
  }

  @Test(
    "write then parse gives the same value back",
    arguments: [
      #"{"a":[1,2.5,-3e-2,{"b":null}],"c":"\u00e9\/","d":false}"#,
      #"[]"#, #"{}"#, #""""#,
    ])
  func roundTrips(text: String) throws {
    let value = try JSONValue(parsing: text)
    #expect(try JSONValue(parsing: JSONWriter.monica.bytes(value)) == value)
    #expect(try JSONValue(parsing: JSONWriter.plain.bytes(value)) == value)
  }

  @Test("a Monica wire record written back in Monica's form is byte-identical")
  func reproducesWireBytes() throws {
    let wire =
      #"{"id":1,"object":"contact","complete_name":"Zo\u00eb \u674e \u26b0","url":"http:\/\/127.0.0.1\/api\/contacts\/1","x":null}"#
    #expect(JSONWriter.monica.string(try JSONValue(parsing: wire)) == wire)
  }
}
