import MonicaKit

/// Tasks: created by their write mapping, a completed one completed by an update right after
/// (`WriteMapping.setAfterCreate`: Monica's create does not take `completed`). A killed run may
/// have stopped between the two: the map's last task met again is read, and completed if it is not.
enum TaskStep: MigrationStep {
  static func finish(_ line: MigrationLine, target: Int, current: JSONObject?, in migration: Migration)
    async throws(MonicaError)
  {
    guard let mapping = line.kind.writes else { return }
    let current = try await migration.current(mapping, target, current)
    guard line.record["completed"] == .bool(true), current["completed"] != .bool(true) else { return }
    var body = mapping.body(line: JSONObject(), record: current, operation: .update, today: migration.today)
    body["completed"] = .bool(true)
    try await migration.send(mapping.request(.update, id: "\(target)", body: body), what: "task #\(target)")
  }
}
