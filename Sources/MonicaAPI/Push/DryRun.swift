import MonicaKit

/// What `--dry-run` prints for a line: each request as `METHOD /api/PATH BODY`, with a note
/// after `#` where the real run decides from the server's answers.
enum DryRun {
  /// The request lines of `line`; a line that cannot be pushed is malformed input (65).
  static func plan(_ line: PushLine, today: CalendarDate) throws(MonicaError) -> [String] {
    let mapping = line.mapping
    let tags: [String]?
    switch mapping.desiredTags(line.record) {
    case .success(let names): tags = names
    case .failure(let error): throw .malformedInput(source: line.source, line: line.number, reason: error.reason)
    }
    if let refusal = LineWrite.refusal(line, today: today) { throw refusal }
    var lines: [String] = []
    switch line.action {
    case .delete(let id):
      lines.append(mapping.request(.delete, id: "\(id)").line())
    case .create:
      let body = mapping.body(line: line.record, record: line.record, operation: .create, today: today)
      lines.append(mapping.request(.create, body: body).line())
      let update = mapping.body(line: line.record, record: line.record, operation: .update, today: today)
      let after = mapping.fields(for: .update).filter {
        mapping.setAfterCreate.contains($0.name) && update[$0.name] != nil && update[$0.name] != $0.fallback
      }
      if !after.isEmpty {
        let names = after.map(\.name).joined(separator: ", ")
        lines.append(
          mapping.request(.update, id: "{id}", body: update).line()
            + "  # the new \(mapping.object)'s id: Monica's create does not take \(names)")
      }
      if let tags, !tags.isEmpty {
        let body = JSONObject(["tags": .array(tags.map(JSONValue.string))])
        lines.append(mapping.request(.setTags, id: "{id}", body: body).line() + "  # the new \(mapping.object)'s id")
      }
    case .update(let id):
      let partial = mapping.partialBody(line: line.record, operation: .update, today: today)
      lines.append(mapping.request(.read, id: "\(id)").line())
      lines.append(
        mapping.request(.update, id: "\(id)", body: partial).line()
          + "  # with the other fields as read; not sent if nothing changes")
      if let tags {
        lines.append(mapping.request(.unsetTag, id: "\(id)").line() + "  # the ids of its tags not named below")
        let body = JSONObject(["tags": .array(tags.map(JSONValue.string))])
        lines.append(mapping.request(.setTags, id: "\(id)", body: body).line() + "  # the names it lacks")
      }
    }
    return lines
  }
}
