import MonicaKit

/// One `monica-merge` run over its groups: for each, read the contacts, plan, ask, write the
/// plan's steps in order, read the keeper back, and only then delete the merged contacts.
struct MergeRun {
  let writes: MergeWrites
  let output: LineOutput
  let tool: String
  let dryRun: Bool
  let confirm: ((String) -> Bool?)?
  /// Groups that were not merged (said on stderr); the run goes on with the next.
  private(set) var failed = 0
  /// How many life events each contact has, read once (life events have no per-contact list).
  private var lifeEvents: [Int: Int]?

  init(writes: MergeWrites, output: LineOutput, tool: String, dryRun: Bool, confirm: ((String) -> Bool?)?) {
    self.writes = writes
    self.output = output
    self.tool = tool
    self.dryRun = dryRun
    self.confirm = confirm
  }

  private var journal: IDMap { writes.journal }

  /// Whether the journal says `id` was merged into (or left beside) `keep` already.
  private func done(_ id: Int, into keep: Int) -> Bool {
    journal.target(of: "merged", source: id) == keep || journal.target(of: "left", source: id) == keep
  }

  private mutating func refuse(_ group: MergeGroup, _ reason: String) {
    StandardError.line("\(tool): error: \(group.place): \(reason)")
    failed += 1
  }

  /// Merges one group.
  mutating func merge(_ group: MergeGroup) async throws(MonicaError) {
    if output.readerIsGone { throw .outputClosed }
    let keep = group.keep
    let pending = group.merge.filter { !done($0, into: keep) }
    if pending.isEmpty {
      StandardError.line("\(tool): \(group.place): merged into #\(keep) already (journal): nothing to do")
      return
    }
    guard let keeperRecord = try await writes.contact(keep) else {
      return refuse(group, "the keeper, contact #\(keep), does not exist: nothing was sent")
    }
    var others: [MergeContact] = []
    for id in pending {
      guard let record = try await writes.contact(id) else {
        StandardError.line("\(tool): \(group.place): contact #\(id) does not exist (merged or deleted already)")
        continue
      }
      others.append(try await read(record, id: id))
    }
    guard !others.isEmpty else { return }
    let plan = MergePlan(keeper: MergeContact(record: keeperRecord), others: others)
    if dryRun {
      for line in plan.lines { try output.writeLine(line) }
      return
    }
    if let refusal = plan.refusal { return refuse(group, refusal + ": nothing was sent") }
    if let confirm {
      let keeper = MergeContact(record: keeperRecord)
      let merged = others.map { "#\($0.id) \"\($0.name.escapingControlCharacters)\" (\($0.holdings))" }
      let question =
        "\(tool): merge \(merged.joined(separator: ", ")) into #\(keep) \"\(keeper.name.escapingControlCharacters)\" (\(keeper.holdings))?"
      guard confirm(question) == true else {
        StandardError.line("\(tool): \(group.place): not merged; nothing was sent")
        return
      }
    }
    try await carry(plan, keeperRecord: keeperRecord, others: others, group: group)
  }

  /// Reads what a merged contact owns: each kind's list, and the lists of what is not moved.
  private mutating func read(_ record: JSONObject, id: Int) async throws(MonicaError) -> MergeContact {
    var contact = MergeContact(record: record)
    for kind in MergeKind.all {
      guard let list = kind.list else { continue }
      // Requests are scarce: a list the contact's own count says is empty is not read.
      if let key = kind.statistic, record["statistics"]?[key]?.intValue == 0 { continue }
      contact.add(
        kind.object, try await writes.list("/contacts/\(id)\(list)", what: "contact #\(id)'s \(kind.object)s"))
    }
    for (object, list) in MergeKind.unmoved {
      guard let list else {
        if lifeEvents == nil {
          var counts: [Int: Int] = [:]
          for event in try await writes.list("/lifeevents", what: "life events") {
            if let owner = event["contact"]?["id"]?.intValue { counts[owner, default: 0] += 1 }
          }
          lifeEvents = counts
        }
        contact.unmoved[object] = lifeEvents?[id] ?? 0
        continue
      }
      contact.unmoved[object] = try await writes.list("/contacts/\(id)\(list)", what: "contact #\(id)'s \(object)s")
        .count
    }
    return contact
  }

  /// Writes the plan's steps, each journaled as done, then reads the keeper back and deletes
  /// the merged contacts only if it holds everything.
  private mutating func carry(_ plan: MergePlan, keeperRecord: JSONObject, others: [MergeContact], group: MergeGroup)
    async throws(MonicaError)
  {
    let keep = plan.keep
    for other in others where journal.target(of: "contact", source: other.id) != keep {
      try journal.append("contact", source: other.id, target: keep)
    }
    if let fill = plan.fill { try await writes.updateContact(fill, id: keep) }
    if !plan.tags.isEmpty { try await writes.setTags(plan.tags, of: keep) }
    var moved = 0
    var copied = 0
    for step in plan.steps where step.skip == nil {
      switch step.kind.move {
      case .update, .attendees:
        _ = try await writes.update(step)
        try journal.append(step.kind.object, source: step.id, target: step.id)
        moved += 1
      case .recreate:
        _ = try await writes.recreate(step, place: group.place)
        if plan.deletesOriginal(step) { try await writes.delete(step.kind.object, step.id) }
        copied += 1
      }
    }
    try await writes.note(plan.note, on: keep, existing: keeperRecord, journalAs: "mergenote", key: keep)
    guard let after = try await writes.contact(keep) else {
      return refuse(group, "contact #\(keep) disappeared during the merge: nothing was deleted")
    }
    let missing = plan.missing(before: keeperRecord, after: after)
    guard missing.isEmpty else {
      return refuse(
        group,
        "contact #\(keep) read back lacks \(missing.joined(separator: ", ")): no contact was deleted; "
          + "run again with the same --journal to finish")
    }
    var merged: [JSONValue] = []
    var left: [JSONValue] = []
    for member in plan.members {
      if member.left == nil {
        try await writes.delete("contact", member.id)
        try journal.append("merged", source: member.id, target: keep)
        merged.append(.int(member.id))
      } else {
        let record = others.first { $0.id == member.id }?.record ?? JSONObject()
        try await writes.note(
          plan.leftNote(member), on: member.id, existing: record, journalAs: "leftnote", key: member.id)
        try journal.append("left", source: member.id, target: keep)
        StandardError.line(
          "\(tool): contact #\(member.id) is left beside #\(keep), with a note naming it: \(member.left ?? "")")
        left.append(.int(member.id))
      }
    }
    let line = JSONObject([
      "object": .string("merge"), "keep": .int(keep), "merged": .array(merged), "left": .array(left),
      "moved": .int(moved), "copied": .int(copied), "filled": .array(plan.filled.map(JSONValue.string)),
      "tags": .array(plan.tags.map(JSONValue.string)),
    ])
    try output.writeLine(JSONWriter.plain.bytes(.object(line)))
    try output.flush()
  }
}
