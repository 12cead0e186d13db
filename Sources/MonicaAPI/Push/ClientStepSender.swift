import MonicaKit

/// Sends a `WritePlan`'s steps to an instance through `MonicaClient`: a line as `monica-push`
/// writes it (`LineWrite`: rules checked before the first request, a create never repeated but
/// after a 429), a request through the client's one retry loop, a record carried by `migration`
/// (`Migration.carry`, which journals it); and looks for a create in doubt among the target's
/// newest records.
package struct ClientStepSender: StepSender {
  let client: MonicaClient
  let today: CalendarDate
  /// What carries `.carry` steps: a migration over the plan's map, under the run's resume point.
  let migration: Migration?

  package init(client: MonicaClient, today: CalendarDate) {
    self.init(client: client, today: today, migration: nil)
  }

  init(client: MonicaClient, today: CalendarDate, migration: Migration?) {
    self.client = client
    self.today = today
    self.migration = migration
  }

  package func send(
    _ step: WriteStep, created: (Int) throws(MonicaError) -> Void, answered: (Int) throws(MonicaError) -> Void
  ) async throws(MonicaError) -> Int? {
    switch step.write {
    case .line(let line): return try await send(line, created: created, answered: answered)
    case .request(let request, let what, let target): return try await send(request, what: what, target: target)
    case .carry(let record, let place):
      guard let migration, let object = record["object"]?.stringValue else {
        throw .internalError("a carried record without a migration or an object")
      }
      try await migration.carry(JSONWriter.plain.bytes(.object(record)), source: place, number: 0)
      return migration.map.target(of: object, source: step.key)
    case .mark(let target): return target
    }
  }

  /// One request; a delete of a record already gone is what was wanted: a 404 where Monica looks
  /// the record up, or the 422 of a service that validates `exists:<table>,id` first ("The
  /// selected address id is invalid.", DestroyAddress.php:20), as a resumed run meets after a kill.
  private func send(_ request: WriteRequest, what: String, target: Int) async throws(MonicaError) -> Int {
    let response = try await client.send(request)
    do {
      try client.check(response, path: request.path, what: what)
    } catch {
      guard request.verb == .delete else { throw error }
      switch error {
      case .notFound: return target
      case .rejected(_, let messages)
      where messages.contains(where: { $0.hasPrefix("The selected ") && $0.hasSuffix(" id is invalid.") }):
        return target
      default: throw error
      }
    }
    if request.verb != .delete {
      // Every answer but a delete's is a record: one that is not breaks Monica's contract.
      _ = try LineWrite.record(in: response, request: "\(request.method) /api\(request.path)")
    }
    return target
  }

  private func send(
    _ line: PushLine, created: (Int) throws(MonicaError) -> Void, answered: (Int) throws(MonicaError) -> Void
  ) async throws(MonicaError) -> Int {
    var made: Int?
    var status: Int?
    var write = LineWrite(line: line, client: client, today: today)
    write.created = { (id: Int) throws(MonicaError) in made = id }
    write.answered = { (code: Int) throws(MonicaError) in status = code }
    do {
      try await write.run()
    } catch {
      if let made { try created(made) }
      if let status { try answered(status) }
      // A record already gone is what its delete was for.
      if case .delete(let id) = line.action, error.exitStatus == .noInput { return id }
      throw PushSession.locate(error, line)
    }
    switch line.action {
    case .create:
      guard let made else {
        throw .protocolViolation(request: "POST /api\(line.mapping.path)", detail: "no new record's id")
      }
      try created(made)
      return made
    case .update(let id), .delete(let id):
      return id
    }
  }

  package func findCreated(_ step: WriteStep, in list: String?, above floor: Int, excluding: (Int) -> Bool)
    async throws(MonicaError) -> Int?
  {
    guard let line = step.line else { return nil }
    let matches = InDoubtSearch.sameAsCreate(of: line.record, mapping: line.mapping, today: today)
    return try await InDoubtSearch.find(
      client, path: list ?? line.mapping.path, what: "\(step.object) records", above: floor, excluding: excluding,
      matches: matches)?.target
  }

  package func highestID(of step: WriteStep) async throws(MonicaError) -> Int? {
    guard let line = step.line else { return nil }
    return try await InDoubtSearch.highestID(client, path: line.mapping.path, what: "\(step.object) records")
  }
}
