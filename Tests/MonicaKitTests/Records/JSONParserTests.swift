import Testing

@testable import MonicaKit

@Suite struct JSONParserTests {
  @Test("objects keep their key order and numbers their literal text")
  func keepsOrderAndLiterals() throws {
    let value = try JSONValue(parsing: #"{"z":1,"a":-0.50,"m":[1e3,true,null],"b":{"y":"x"}}"#)
    #expect(value.objectValue?.keys == ["z", "a", "m", "b"])
    #expect(value["a"] == .number("-0.50"))
    #expect(value["m"] == .array([.number("1e3"), .bool(true), .null]))
    #expect(value.value(at: FieldPath("b.y")!) == .string("x"))
  }

  @Test("escapes decode, including surrogate pairs and escaped slashes")
  func decodesEscapes() throws {
    let value = try JSONValue(parsing: #""caf\u00e9 \ud83d\ude00 a\/b \"q\" \n""#)
    #expect(value == .string("café 😀 a/b \"q\" \n"))
  }

  @Test(
    "malformed text fails with a reason and the byte where it went wrong",
    arguments: [
      ("{\"a\":1,}", "expected a string key", 7),
      ("{\"a\" 1}", "expected ':' after an object key but found '1'", 5),
      ("[1 2]", "expected ',' or ']' but found '2'", 3),
      ("{\"a\":1} x", "unexpected 'x' after the JSON value", 8),
      ("\"abc", "unterminated string", 0),
      ("01", "unexpected '1' after the JSON value", 1),
      ("tru", "invalid literal", 0),
      ("", "unexpected end of input", 0),
      ("\"\\x\"", "invalid escape '\\x'", 1),
    ])
  func rejectsMalformed(text: String, reason: String, offset: Int) {
    #expect(throws: JSONSyntaxError(offset: offset, reason: reason)) { try JSONValue(parsing: text) }
  }

  @Test("invalid UTF-8 and raw control characters are rejected")
  func rejectsBadBytes() {
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: [0x22, 0xFF, 0x22]) }
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: [0x22, 0x09, 0x22]) }
  }

  @Test("nesting is bounded instead of overflowing the stack")
  func boundsDepth() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: deep) }
  }

  @Test("skipValue reports the exact byte range of each element")
  func skipsWithRanges() throws {
    let text = Array(#"{"data":[{"id":1,"s":"a,]"} , {"id":2}],"meta":{}}"#.utf8)
    let ranges = try text.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> [String] in
      var parser = JSONParser(buffer)
      try parser.enterObject()
      var found: [String] = []
      var first = true
      while let key = try parser.nextKey(first: first) {
        first = false
        guard key == "data" else {
          _ = try parser.skipValue()
          continue
        }
        try parser.enterArray()
        var firstElement = true
        while try parser.nextElement(first: firstElement) {
          firstElement = false
          let range = try parser.skipValue()
          found.append(String(decoding: buffer[range], as: UTF8.self))
        }
      }
      try parser.expectEnd()
      return found
    }
    #expect(ranges == [#"{"id":1,"s":"a,]"}"#, #"{"id":2}"#])
  }
}
