import MonicaKit
import Testing

@testable import MonicaSandbox

@Suite("Validation")
struct ValidationTests {
  @Test("Laravel's messages")
  func messages() {
    var check = Validation(JSONObject(["is_deceased": .string("maybe")]))
    check.string("first_name", required: true)
    check.boolean("is_deceased", required: true)
    check.oneOf("status", ["idea"], required: true)
    #expect(
      check.messages == [
        "The first name field is required.", "The is deceased field must be true or false.",
        "The status field is required.",
      ])
  }
}
