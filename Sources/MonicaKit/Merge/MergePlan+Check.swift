extension MergePlan {
  /// The plan in words, one line each, for `--dry-run`: what is filled, what moves and how,
  /// what becomes the note, what is deleted or left.
  package var lines: [String] {
    var lines = [
      "# keep #\(keep) \(Self.quoted(keepName)), merge \(members.map { "#\($0.id) \(Self.quoted($0.name))" }.joined(separator: ", "))"
    ]
    if let refusal {
      lines.append("# not merged: \(refusal)")
      return lines
    }
    for text in filled { lines.append("fill #\(keep): \(text)") }
    if !tags.isEmpty { lines.append("tag #\(keep): \(tags.joined(separator: ", "))") }
    for step in steps {
      let what = "\(step.kind.object) #\(step.id) of #\(step.from)"
      if let skip = step.skip {
        lines.append("keep \(what): \(skip)")
        continue
      }
      switch step.kind.move {
      case .update, .attendees:
        lines.append("move \(what) to #\(keep) (update: \(step.kind.source))")
      case .recreate:
        let end = deletesOriginal(step) ? ", then delete the original" : "; the original stays (archived contact)"
        lines.append("copy \(what) to #\(keep)\(end) (\(step.kind.source))")
      }
    }
    for line in note.split(separator: "\n") { lines.append("note #\(keep): \(line)") }
    for member in members {
      if member.left != nil {
        lines.append("leave #\(member.id): \(member.left ?? ""); it gets a note naming #\(keep)")
      } else {
        lines.append("delete #\(member.id) once #\(keep) is read back holding everything")
      }
    }
    return lines
  }

  /// Whether the original of a record made again on the keeper is deleted.
  package func deletesOriginal(_ step: MergeStep) -> Bool {
    members.first { $0.id == step.from }?.deletesOriginals ?? false
  }

  /// What the keeper, read back after the writes (`after`), lacks of what the plan gave it, in
  /// words; empty when it holds everything. `before` is the keeper as read before the merge.
  package func missing(before: JSONObject, after: JSONObject) -> [String] {
    var missing: [String] = []
    let names = Set((after["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue?.lowercased() })
    for tag in tags where !names.contains(tag.lowercased()) { missing.append("tag \(Self.quoted(tag))") }
    let fields = Set((after["contactFields"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue })
    for step in steps where step.kind.object == "contactfield" && step.skip == nil && !fields.contains(step.id) {
      missing.append("contact field #\(step.id)")
    }
    let moved = steps.filter { $0.skip == nil }
    let addresses = moved.filter { $0.kind.object == "address" }.count
    let had = before["addresses"]?.arrayValue?.count ?? 0
    if let now = after["addresses"]?.arrayValue?.count, now < had + addresses {
      missing.append("\(had + addresses - now) address(es)")
    }
    for kind in MergeKind.all {
      guard let key = kind.statistic else { continue }
      let added = moved.filter { step in
        step.kind == kind
          && !(kind.move == .attendees
            && (step.record["attendees"]?["contacts"]?.arrayValue ?? []).contains { $0["id"]?.intValue == keep })
      }.count
      guard added > 0, let was = before["statistics"]?[key]?.intValue, let now = after["statistics"]?[key]?.intValue
      else { continue }
      // A record made again may have been made by a run that was stopped before it learnt so
      // (and is then in `before`): only the count of those made is certain.
      let wanted = kind.move == .recreate ? added : was + added
      if now < wanted { missing.append("\(wanted - now) \(kind.object)(s) (\(key) is \(now))") }
    }
    if let fill {
      for key in ["first_name", "last_name", "nickname", "description"] {
        if let wanted = Self.text(fill[key]), Self.text(after[key]) != wanted { missing.append(key) }
      }
    }
    return missing
  }
}
