import MonicaKit

/// A restore's records that survived lost the contacts the restore makes again: Monica takes a
/// deleted contact out of the activities it attended (its attendees are a pivot to contacts,
/// which a soft-deleted contact leaves, Activity.php's `contacts()`), and out of a gift as its
/// recipient. `monica-diff --restore` writes such a survivor after the restored records; here
/// the contact's new id is put back where the backup had the old one, by the kind's update, as
/// `monica-push` updates a line (read, merge, send what differs): an activity's update takes
/// the whole list of attendees and syncs it (UpdateActivity.php:29,83-87,
/// AttachContactToActivity.php:67-79), so the list sent is the one the server has now plus the
/// contacts it lacks. Where it cannot be done, the exact command that does it is said.
extension Migration {
  /// Puts the contacts the restore made again back into the survivor `line` (its map line an
  /// identity line of the restore): nothing when the target's copy has them already.
  func relinkRestoredContacts(_ line: MigrationLine, target: Int) async throws(MonicaError) {
    let (record, kind) = (line.record, line.kind)
    guard let mapping = kind.writes else { return }
    // The references to contacts the map made anew: an old id whose copy has another id.
    var wanted: [(KindReference, [Int])] = []
    for reference in kind.contactReferences where RestorePlan.isRelinkable(kind, reference) {
      var restored: [Int] = []
      for id in reference.ids(in: .object(record)) {
        guard let copy = map.target(of: .contact, source: id) else {
          warn(
            "\(what(line)): contact #\(id) was not restored, so it is not put back at \(reference.path)")
          continue
        }
        if copy != id { restored.append(copy) }
      }
      if !restored.isEmpty { wanted.append((reference, restored)) }
    }
    guard !wanted.isEmpty else { return }
    if plan { return report.relinked(kind.object) }
    let current = try await self.current(mapping, target, nil)
    var partial = JSONObject()
    var commands: [String] = []
    for (reference, restored) in wanted {
      let have = reference.ids(in: .object(current))
      let missing = restored.filter { !have.contains($0) }
      guard !missing.isEmpty else { continue }
      let list = reference.segments.dropLast().last?.each == true
      partial = Self.setting(partial, reference, ids: list ? have + missing : [missing[0]])
      commands.append(Self.command(kind: kind, target: target, reference: reference, adding: missing))
    }
    guard !partial.members.isEmpty else { return }
    let push = PushLine(
      record: partial, mapping: mapping, action: .update(target), source: line.place.source, number: line.place.number)
    var write = LineWrite(line: push, client: client, today: today)
    do {
      try await write.run()
    } catch {
      guard error.isAboutOneLine else { throw error }
      warn(
        "\(what(line)): the restored contacts are not back at \(wanted.map(\.0.path).joined(separator: ", ")): "
          + "\(error.message ?? ""); once that is mended: \(commands.joined(separator: "; "))")
      return
    }
    report.relinked(kind.object)
  }

  /// `activity #12`, for warnings.
  private func what(_ line: MigrationLine) -> String { "\(line.kind.object) #\(line.id)" }

  /// `partial` with the reference set to `ids`: a list of `{"id": N}` for a list, one
  /// `{"id": N}` otherwise, under the reference's keys (`{"attendees":{"contacts":[...]}}`).
  static func setting(_ partial: JSONObject, _ reference: KindReference, ids: [Int]) -> JSONObject {
    let parents = Array(reference.segments.dropLast())
    let element = { (id: Int) in JSONValue.object(JSONObject(["id": .int(id)])) }
    var value: JSONValue = parents.last?.each == true ? .array(ids.map(element)) : element(ids.first ?? 0)
    for segment in parents.dropFirst().reversed() { value = .object(JSONObject([segment.key: value])) }
    var result = partial
    if let first = parents.first { result[first.key] = value }
    return result
  }

  /// The command that puts `adding` back at `reference` of the target's record `target`, reading
  /// what it holds now: `monica-fetch activities 12 | jq -c '{object, id, attendees: {contacts:
  /// ([.attendees.contacts[] | {id}] + [{id: 97}])}}' | monica-push`.
  static func command(kind: RecordKind, target: Int, reference: KindReference, adding: [Int]) -> String {
    let parents = Array(reference.segments.dropLast())
    let dotted = "." + parents.map(\.key).joined(separator: ".")
    let added = adding.map { "{id: \($0)}" }.joined(separator: ", ")
    var value =
      parents.last?.each == true ? "([\(dotted)[]? | {id}] + [\(added)])" : "{id: \(adding.first ?? 0)}"
    for segment in parents.dropFirst().reversed() { value = "{\(segment.key): \(value)}" }
    let member = "\(parents.first?.key ?? "id"): \(value)"
    return "monica-fetch \(kind.name) \(target) | jq -c '{object, id, \(member)}' | monica-push"
  }
}
