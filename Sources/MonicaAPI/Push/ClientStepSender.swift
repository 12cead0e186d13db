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
    let matches = InDoubtSearch.sameAsCreate(of: step.line.record, mapping: step.line.mapping, today: today)
    return try await InDoubtSearch.find(
      client, path: step.line.mapping.path, what: "\(step.object) records", above: floor, excluding: excluding,
      matches: matches)?.target
  }

  package func highestID(of step: WriteStep) async throws(MonicaError) -> Int? {
    try await InDoubtSearch.highestID(client, path: step.line.mapping.path, what: "\(step.object) records")
  }
}
