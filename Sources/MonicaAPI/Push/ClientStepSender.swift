import MonicaKit

/// Sends a `WritePlan`'s steps to an instance through `MonicaClient`, each as `monica-push`
/// writes a line (`LineWrite`: rules checked before the first request, a create never repeated
/// but after a 429), and looks for a create in doubt among the target's newest records.
package struct ClientStepSender: StepSender {
  let client: MonicaClient
  let today: CalendarDate

  package init(client: MonicaClient, today: CalendarDate) {
    self.client = client
    self.today = today
  }

  package func send(_ step: WriteStep, created: (Int) throws(MonicaError) -> Void) async throws(MonicaError) -> Int {
    var made: Int?
    var write = LineWrite(line: step.line, client: client, today: today)
    write.created = { (id: Int) throws(MonicaError) in made = id }
    do {
      try await write.run()
    } catch {
      if let made { try created(made) }
      // A record already gone is what its delete was for.
      if case .delete(let id) = step.line.action, error.exitStatus == .noInput { return id }
      throw PushSession.locate(error, step.line)
    }
    switch step.line.action {
    case .create:
      guard let made else {
        throw .protocolViolation(request: "POST /api\(step.line.mapping.path)", detail: "no new record's id")
      }
      try created(made)
      return made
    case .update(let id), .delete(let id):
      return id
    }
  }

  package func findCreated(_ step: WriteStep, above floor: Int, excluding: (Int) -> Bool) async throws(MonicaError)
    -> Int?
  {
    let mapping = step.line.mapping
    let body = MonicaInput.cleaned(
      Migration.comparable(
        mapping.body(line: step.line.record, record: step.line.record, operation: .create, today: today), mapping))
    var found: Int?
    try await newest(of: step) { candidate in
      guard let id = candidate["id"]?.intValue, id > floor, !excluding(id), id > (found ?? 0) else { return }
      let made = mapping.body(line: JSONObject(), record: candidate, operation: .create, today: today)
      if body.members.allSatisfy({ made[$0.key] == $0.value || (made[$0.key] == nil && $0.value == .null) }) {
        found = id
      }
    }
    return found
  }

  package func highestID(of step: WriteStep) async throws(MonicaError) -> Int? {
    var highest = 0
    try await newest(of: step) { highest = max(highest, $0["id"]?.intValue ?? 0) }
    return highest
  }

  /// The target's newest 100 records of the step's kind (sorted by `created_at`, newest first).
  private func newest(of step: WriteStep, _ body: (JSONObject) -> Void) async throws(MonicaError) {
    let path = step.line.mapping.path
    let query = [("sort", "-created_at"), ("limit", "100")]
    let response = try await client.get(path, query: query, what: "\(step.object) records")
    let envelope = try PageEnvelope(response.body, request: "GET /api\(path)")
    envelope.forEachRecord { raw in
      if case .object(let record)? = try? JSONValue(parsing: Array(raw)) { body(record) }
      return true
    }
  }
}
