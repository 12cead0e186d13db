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
  /// The records of the account-wide lists (life events, which have no per-contact list,
  /// routes/api.php:128) by their contact's id, read once per run for the merged contacts.
  private var accountLists: [String: [Int: [JSONObject]]] = [:]

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
    var keeper = MergeContact(record: keeperRecord)
    for id in group.relatedFrom ?? [] {
      let rows = try await relationships(of: id)
      keeper.addInbound(rows)
      for index in others.indices { others[index].addInbound(rows) }
    }
    var plan = MergePlan(keeper: keeper, others: others)
    plan.inboundUnseen = group.relatedFrom == nil
    if dryRun {
      // What the real run cannot carry, it finds out as the run would: a document's link is
      // downloaded (a GET of the file, no write).
      for step in plan.steps where step.kind.object == "document" && step.skip == nil {
        if journal.target(of: "document", source: step.id) == nil, let reason = await writes.downloadRefusal(step) {
          plan.notCarried(step, because: reason)
        }
      }
      for line in plan.lines { try output.writeLine(line) }
      return
    }
    if let refusal = plan.refusal { return refuse(group, refusal + ": nothing was sent") }
    if plan.inboundUnseen { StandardError.line("\(tool): \(group.place): unseen: \(plan.unseenInbound)") }
    if let confirm {
      let keeper = try await counted(keeper)
      let merged = others.map { "#\($0.id) \"\($0.name.escapingControlCharacters)\" (\($0.holdings))" }
      let question =
        "\(tool): merge \(merged.joined(separator: ", ")) into #\(keep) \"\(keeper.name.escapingControlCharacters)\" (\(keeper.holdings))?"
      guard confirm(question) == true else {
        StandardError.line("\(tool): \(group.place): not merged; nothing was sent")
        return
      }
    }
    try await carry(&plan, keeperRecord: keeperRecord, others: others, group: group)
  }

  /// Reads what a merged contact owns: each kind's list.
  private mutating func read(_ record: JSONObject, id: Int) async throws(MonicaError) -> MergeContact {
    var contact = MergeContact(record: record)
    for kind in MergeKind.all {
      if let list = kind.accountList {
        if accountLists[kind.object] == nil { accountLists[kind.object] = try await byContact(list, kind) }
        contact.add(kind.object, accountLists[kind.object]?[id] ?? [])
        continue
      }
      guard let list = kind.list else { continue }
      // Requests are scarce: a list the contact's own count says is empty is not read.
      if let key = kind.statistic, record["statistics"]?[key]?.intValue == 0 { continue }
      contact.add(
        kind.object, try await writes.list("/contacts/\(id)\(list)", what: "contact #\(id)'s \(kind.object)s"))
    }
    return contact
  }

  /// The keeper with every kind the merge moves counted, for the question: its record counts
  /// contact fields, addresses, tags, relationships and (statistics, ContactBase.php:92-100)
  /// notes, gifts, activities and tasks; its life events are in the account's list read for
  /// the others; the other lists are read (debts, pets, reminders, calls, conversations,
  /// photos, documents: 7 requests a group asked, none with --yes or --dry-run).
  private func counted(_ keeper: MergeContact) async throws(MonicaError) -> MergeContact {
    var keeper = keeper
    for kind in MergeKind.all where keeper.records[kind.object] == nil {
      if kind.accountList != nil {
        keeper.add(kind.object, accountLists[kind.object]?[keeper.id] ?? [])
      } else if let list = kind.list, kind.statistic == nil, kind.object != "relationship" {
        keeper.add(
          kind.object,
          try await writes.list("/contacts/\(keeper.id)\(list)", what: "contact #\(keeper.id)'s \(kind.object)s"))
      }
    }
    return keeper
  }

  /// A contact's relationship rows (`contact_is` the contact); none when it is gone.
  private func relationships(of id: Int) async throws(MonicaError) -> [JSONObject] {
    do {
      return try await writes.list("/contacts/\(id)/relationships", what: "contact #\(id)'s relationships")
    } catch .notFound {
      return []
    }
  }

  /// The records of an account-wide list, by their contact's id.
  private func byContact(_ list: String, _ kind: MergeKind) async throws(MonicaError) -> [Int: [JSONObject]] {
    var records: [Int: [JSONObject]] = [:]
    for record in try await writes.list(list, what: "\(kind.object)s") {
      if let owner = record["contact"]?["id"]?.intValue { records[owner, default: []].append(record) }
    }
    return records
  }

  /// The keeper's records of each kind the plan moves records to, read back list by list.
  private func readBack(_ plan: MergePlan) async throws(MonicaError) -> [String: [JSONObject]] {
    var lists: [String: [JSONObject]] = [:]
    for kind in plan.kindsToCheck {
      if let list = kind.accountList {
        lists[kind.object] = try await byContact(list, kind)[plan.keep] ?? []
      } else if let list = kind.list {
        lists[kind.object] = try await writes.list(
          "/contacts/\(plan.keep)\(list)", what: "contact #\(plan.keep)'s \(kind.object)s")
      }
    }
    // A relationship another contact held to a merged one is made again in that contact's list.
    var inbound = Set<Int>()
    for step in plan.steps where step.skip == nil {
      guard let from = step.inboundFrom, inbound.insert(from).inserted else { continue }
      lists["relationship", default: []] += try await relationships(of: from)
    }
    return lists
  }

  /// Writes the plan's steps, each journaled as done, then reads the keeper back and, only for
  /// what it holds, deletes the originals of the records made again and the merged contacts.
  private mutating func carry(
    _ plan: inout MergePlan, keeperRecord: JSONObject, others: [MergeContact], group: MergeGroup
  ) async throws(MonicaError) {
    let keep = plan.keep
    for other in others where journal.target(of: "contact", source: other.id) != keep {
      try journal.append("contact", source: other.id, target: keep)
    }
    if let fill = plan.fill { try await writes.updateContact(fill, id: keep) }
    for (route, body) in plan.extras.sorted(by: { $0.key > $1.key }) {
      try await writes.setProperty(route, body, of: keep)
    }
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
        // Not carried (said on stderr): the original and its contact stay, with a note.
        if try await writes.recreate(step, place: group.place) == nil {
          plan.notCarried(step, because: "")
        } else {
          copied += 1
        }
      }
    }
    // A gift keeps its photos: the keeper's gifts (those moved, by this run or one stopped before)
    // that hold a photo made again are given the copy before the original is deleted.
    let photos = plan.steps.filter { $0.kind.object == "photo" && $0.skip == nil }.compactMap { step in
      journal.target(of: "photo", source: step.id).map { (original: step.id, copy: $0) }
    }
    if !photos.isEmpty {
      for gift in try await writes.list("/contacts/\(keep)/gifts", what: "contact #\(keep)'s gifts") {
        guard let id = gift["id"]?.intValue else { continue }
        let held = Set(MergePlan.photoIDs(of: gift))
        for photo in photos where held.contains(photo.original) && !held.contains(photo.copy) {
          try await writes.attach(photo: photo.copy, to: id)
        }
      }
    }
    try await writes.note(plan.note, on: keep, existing: keeperRecord, journalAs: "mergenote", key: keep)
    guard let after = try await writes.contact(keep) else {
      return refuse(group, "contact #\(keep) disappeared during the merge: nothing was deleted")
    }
    let lists = try await readBack(plan)
    let missing = plan.missing(after: after, lists: lists) { journal.target(of: $0.kind.object, source: $0.id) }
    guard missing.isEmpty else {
      return refuse(
        group,
        "contact #\(keep) read back lacks \(missing.joined(separator: "; ")): nothing was deleted; "
          + "run again with the same --journal to finish")
    }
    for step in plan.steps
    where step.skip == nil && plan.notCarried(step) == nil && step.kind.move == .recreate && plan.deletesOriginal(step)
    {
      try await writes.delete(step.kind.object, step.id)
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
