import Testing

@testable import MonicaKit

@Suite struct MonicaErrorTests {
  @Test("the exit table is frozen")
  func frozenTable() {
    #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 66, 69, 75, 76, 77, 78])
    #expect(MonicaError.malformedInput(source: "stdin", line: 3, reason: "x").exitStatus == .dataError)
    #expect(MonicaError.rejected(request: "POST /api/notes", messages: ["a"]).exitStatus == .dataError)
    #expect(MonicaError.invalidData("2 of 9 records break Monica's data contract").exitStatus == .dataError)
    #expect(MonicaError.notFound("x").exitStatus == .noInput)
    #expect(MonicaError.unavailable(request: "r", detail: "d").exitStatus == .unavailable)
    #expect(MonicaError.temporary(request: "r", reason: "d").exitStatus == .temporaryFailure)
    #expect(MonicaError.protocolViolation(request: "r", detail: "d").exitStatus == .protocolError)
    #expect(MonicaError.notPermitted("x").exitStatus == .notPermitted)
    #expect(MonicaError.configuration("x").exitStatus == .configuration)
    #expect(MonicaError.outputClosed.exitStatus == .success)
  }

  @Test("messages put the object first and a closed output says nothing")
  func messages() {
    #expect(
      MonicaError.malformedInput(source: "a.ndjson", line: 2, reason: "not a JSON object").message
        == "a.ndjson:2: not a JSON object")
    #expect(MonicaError.outputClosed.message == nil)
    #expect(ExitStatus.table.contains("  77  not permitted"))
  }
}
