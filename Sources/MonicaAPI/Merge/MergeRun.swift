import MonicaKit

/// One `monica-merge` run over its groups: for each, read the contacts, plan, ask, hand the
/// plan's writes to the write machinery (`WritePlan`, through `MergeWrites`), read the keeper
/// back, and only then hand over the deletes of the merged contacts.
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
    journal.target(of: MergeJournal.merged, source: id) == keep
      || journal.target(of: MergeJournal.left, source: id) == keep
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
      for step in plan.steps where step.kind.recordKind == .document && step.skip == nil {
        if journal.target(of: step.kind.object, source: step.id) == nil, let reason = await writes.downloadRefusal(step)
        {
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
      guard kind.list != nil else { continue }
      // Requests are scarce: a list the contact's own count says is empty is not read.
      if let key = kind.statistic, record["statistics"]?[key]?.intValue == 0 { continue }
      contact.add(
        kind.object,
        try await writes.list(kind.recordKind.path(ofContact: id), what: "contact #\(id)'s \(kind.object)s"))
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
      } else if kind.list != nil, kind.statistic == nil, kind.recordKind != .relationship {
        keeper.add(
          kind.object,
          try await writes.list(
            kind.recordKind.path(ofContact: keeper.id), what: "contact #\(keeper.id)'s \(kind.object)s"))
      }
    }
    return keeper
  }

  /// A contact's relationship rows (`contact_is` the contact); none when it is gone.
  private func relationships(of id: Int) async throws(MonicaError) -> [JSONObject] {
    do {
      return try await writes.list(
        RecordKind.relationship.path(ofContact: id), what: "contact #\(id)'s relationships")
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
      } else if kind.list != nil {
        lists[kind.object] = try await writes.list(
          kind.recordKind.path(ofContact: plan.keep), what: "contact #\(plan.keep)'s \(kind.object)s")
      }
    }
    // A relationship another contact held to a merged one is made again in that contact's list.
    var inbound = Set<Int>()
    for step in plan.steps where step.skip == nil {
      guard let from = step.inboundFrom, inbound.insert(from).inserted else { continue }
      lists[RecordKind.relationship.object, default: []] += try await relationships(of: from)
    }
    return lists
  }

  /// Hands the plan to the write machinery in three plans, with the reads each needs before it:
  /// the keeper filled and every record moved or made again; the gifts given their photos' copies
  /// and the keeper's note; then, only for what the keeper read back holds, the originals of the
  /// records made again and the merged contacts deleted (or left, with a note).
  private mutating func carry(
    _ plan: inout MergePlan, keeperRecord: JSONObject, others: [MergeContact], group: MergeGroup
  ) async throws(MonicaError) {
    let keep = plan.keep
    // The journal translates each merged contact to the keeper for the records made again, and
    // the other contact of a relationship to itself unless it is merged (by this group or one
    // before).
    var steps = others.map { MergeWrites.translate(contact: $0.id, to: keep, onlyIfAbsent: false) }
    if let fill = plan.fill { steps.append(try writes.fill(fill, id: keep)) }
    for (part, body) in plan.extras.sorted(by: { $0.key.rawValue > $1.key.rawValue }) {
      steps.append(MergeWrites.set(part, body, of: keep))
    }
    if !plan.tags.isEmpty { steps.append(try MergeWrites.setTags(plan.tags, of: keep)) }
    let carried = plan.steps.filter { $0.skip == nil }
    // The record each step of the plan writes, by the step's place in it.
    var records: [Int: MergeStep] = [:]
    for step in carried {
      switch step.kind.move {
      case .update, .attendees:
        records[steps.count] = step
        steps.append(try writes.move(step))
      case .recreate:
        for end in ["of_contact", "contact_is"] {
          if let other = step.record[end]?["id"]?.intValue {
            steps.append(MergeWrites.translate(contact: other, to: other, onlyIfAbsent: true))
          }
        }
        records[steps.count] = step
        steps.append(writes.carry(step, place: group.place))
      }
    }
    // What became of each record: moved, made again (its copy's id), or not carried.
    var made: [String: Int] = [:]
    var moved = 0
    var copied = 0
    for (index, outcome) in try await writes.run(steps).enumerated() {
      guard let step = records[index] else { continue }
      if step.kind.move != .recreate {
        moved += 1
      } else if let target = outcome.target {
        made["\(step.kind.object)#\(step.id)"] = target
        copied += 1
      } else {
        // Not carried (said on stderr): the original and its contact stay, with a note.
        plan.notCarried(step, because: "")
      }
    }
    func copy(_ step: MergeStep) -> Int? { made["\(step.kind.object)#\(step.id)"] }
    // A gift keeps its photos: the keeper's gifts (those moved, by this run or one stopped before)
    // that hold a photo made again are given the copy before the original is deleted.
    var second: [WriteStep] = []
    let photos = carried.filter { $0.kind.recordKind == .photo }.compactMap { step in
      copy(step).map { (original: step.id, copy: $0) }
    }
    if !photos.isEmpty {
      let gifts = RecordKind.gift
      for gift in try await writes.list(gifts.path(ofContact: keep), what: "contact #\(keep)'s \(gifts.name)") {
        guard let id = gift["id"]?.intValue else { continue }
        let held = Set(RecordKind.giftPhotoIDs(of: gift))
        for photo in photos where held.contains(photo.original) && !held.contains(photo.copy) {
          second.append(MergeWrites.attach(photo: photo.copy, to: id))
        }
      }
    }
    second.append(
      try MergeWrites.note(plan.note, on: keep, existing: keeperRecord, journalAs: MergeJournal.keeperNote, key: keep))
    _ = try await writes.run(second)
    guard let after = try await writes.contact(keep) else {
      return refuse(group, "contact #\(keep) disappeared during the merge: nothing was deleted")
    }
    let lists = try await readBack(plan)
    let missing = plan.missing(after: after, lists: lists, made: copy)
    guard missing.isEmpty else {
      return refuse(
        group,
        "contact #\(keep) read back lacks \(missing.joined(separator: "; ")): nothing was deleted; "
          + "run again with the same --journal to finish")
    }
    var last: [WriteStep] = []
    for step in carried where plan.notCarried(step) == nil && step.kind.move == .recreate && plan.deletesOriginal(step)
    {
      last.append(MergeWrites.delete(step.kind.recordKind, step.id))
    }
    var merged: [JSONValue] = []
    var left: [JSONValue] = []
    for member in plan.members {
      if member.left == nil {
        last.append(MergeWrites.delete(.contact, member.id, mergedInto: keep))
        merged.append(.int(member.id))
      } else {
        let record = others.first { $0.id == member.id }?.record ?? JSONObject()
        last.append(
          try MergeWrites.note(
            plan.leftNote(member), on: member.id, existing: record, journalAs: MergeJournal.leftNote, key: member.id))
        last.append(MergeWrites.left(member.id, beside: keep))
        left.append(.int(member.id))
      }
    }
    _ = try await writes.run(last)
    for member in plan.members where member.left != nil {
      StandardError.line(
        "\(tool): contact #\(member.id) is left beside #\(keep), with a note naming it: \(member.left ?? "")")
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
