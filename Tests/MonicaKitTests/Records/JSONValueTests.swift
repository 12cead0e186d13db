import Testing

@testable import MonicaKit

@Suite struct JSONValueTests {
  @Test("setting members keeps order, replaces in place, removes with nil")
  func editsObjects() {
    var object = JSONObject(["a": .int(1), "b": .int(2)])
    object["a"] = .int(3)
    object["c"] = .null
    object["b"] = nil
    #expect(object.keys == ["a", "c"])
    #expect(object["a"] == .number("3"))
  }

  @Test("dotted paths walk objects and array indexes")
  func walksPaths() throws {
    let value = try JSONValue(parsing: #"{"tags":[{"name":"x"}],"information":{"career":{"job":null}}}"#)
    #expect(value.value(at: FieldPath("tags.0.name")!) == .string("x"))
    #expect(value.value(at: FieldPath("information.career.job")!) == .null)
    #expect(value.value(at: FieldPath("information.nope")!) == nil)
    #expect(FieldPath("a..b") == nil)
    #expect(FieldPath("") == nil)
  }

  @Test("display text shows strings bare and null as nothing")
  func displays() {
    #expect(JSONValue.string("a/b").displayText == "a/b")
    #expect(JSONValue.null.displayText == "")
    #expect(JSONValue.array([.int(1)]).displayText == "[1]")
    #expect(JSONValue.string("12").intValue == 12)
  }
}
