import MonicaKit

/// One `monica-merge` run over its groups: for each, read the contacts, check that they may be
/// merged (the account's own contact, contradictions, the names the line gives), plan, ask,
/// journal the plan, hand the plan's writes to the write machinery (`WritePlan`, through
/// `MergeWrites`), read the keeper back, and only then hand over the deletes of the merged
/// contacts. A group whose plan the journal holds is finished from that plan, not planned again.
struct MergeRun {
  let writes: MergeWrites
  let output: LineOutput
  let tool: String
  let options: MergeOptions
  let confirm: ((String) -> Bool?)?
  /// The journal's plans (`MergePlansFile`).
  let plans: MergePlansFile
  /// How far the run got, for the line that says where it stopped.
  let progress: MergeProgress
  /// Groups that were not merged (said on stderr); the run goes on with the next.
  private(set) var failed = 0
  /// The records of the account-wide lists (life events, which have no per-contact list,
  /// routes/api.php:128) by their contact's id, read once per run for the merged contacts.
  private var accountLists: [String: [Int: [JSONObject]]] = [:]

  init(
    writes: MergeWrites, output: LineOutput, tool: String, options: MergeOptions, confirm: ((String) -> Bool?)?,
    plans: MergePlansFile, progress: MergeProgress
  ) {
    self.writes = writes
    self.output = output
    self.tool = tool
    self.options = options
    self.confirm = confirm
    self.plans = plans
    self.progress = progress
  }

  private var journal: IDMap { writes.journal }

  /// Whether the journal says `id` was merged into (or left beside) `keep` already.
  private func done(_ id: Int, into keep: Int) -> Bool { Self.done(id, into: keep, journal) }

  /// Whether `journal` says `id` was merged into (or left beside) `keep` already.
  static func done(_ id: Int, into keep: Int, _ journal: IDMap) -> Bool {
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
    if plans.isReported(group.key) {
      StandardError.line("\(tool): \(group.place): merged into #\(group.keep) already (journal): nothing to do")
      return
    }
    var plan: MergePlan
    var others: [MergeContact]
    var keeper: MergeContact
    let resumed: Bool
    if let snapshot = plans.snapshot(group.key) {
      // The plan the stopped run journaled is finished, whatever the server shows now; a record
      // the merged contacts got since is moved too.
      resumed = true
      keeper = snapshot.keeper
      others = snapshot.others
      if !options.dryRun {
        // The account-wide lists held are of before the stop, or of an earlier group: read anew.
        accountLists = [:]
        for index in others.indices where !done(others[index].id, into: keeper.id) {
          try await readAgain(&others[index])
        }
      }
      plan = MergeSnapshot(
        key: snapshot.key, keeper: keeper, others: others, inboundUnseen: snapshot.inboundUnseen,
        keeperChosen: snapshot.keeperChosen, score: snapshot.score, reasonsFor: snapshot.reasonsFor,
        reasonsAgainst: snapshot.reasonsAgainst
      ).plan(today: writes.today)
      if !options.dryRun {
        StandardError.line("\(tool): \(group.place): finishing the merge into #\(keeper.id) the journal holds")
      }
    } else {
      resumed = false
      // A journal of an older version: its merged contacts are done, and it holds no plan.
      if group.merge.allSatisfy({ done($0, into: group.keep) }) {
        StandardError.line("\(tool): \(group.place): merged into #\(group.keep) already (journal): nothing to do")
        return
      }
      guard let read = try await readGroup(group) else { return }
      (keeper, others, plan) = read
    }
    if options.dryRun {
      try await dryRun(&plan, place: group.place)
      return
    }
    if let refusal = plan.refusal { return refuse(group, refusal + ": nothing was sent") }
    if plan.inboundUnseen { StandardError.line("\(tool): \(group.place): unseen: \(plan.unseenInbound)") }
    for change in plan.lifeChanges {
      StandardError.line("\(tool): \(group.place): #\(plan.keep) is changed, not only filled: \(change)")
    }
    if !resumed {
      if let confirm {
        guard try await ask(confirm, plan: plan, keeper: keeper, others: others, group: group) else { return }
        // Read again after the answer: the plan carried out is the plan that was asked.
        guard let again = try await readGroup(group, quiet: true) else { return }
        guard again.plan.entries == plan.entries else {
          return refuse(
            group,
            "the contacts changed while the question was asked: nothing was sent; run again to see the new plan")
        }
      }
      try plans.append(
        MergeSnapshot(
          key: group.key, keeper: keeper, others: others, inboundUnseen: plan.inboundUnseen,
          keeperChosen: plan.keeperChosen, score: plan.score, reasonsFor: plan.reasonsFor,
          reasonsAgainst: plan.reasonsAgainst))
    }
    try await carry(&plan, keeperRecord: keeper.record, others: others, group: group)
  }

  /// Reads the group's contacts, checks that they may be merged, reads what the merged ones own
  /// and plans; `nil` when there is nothing to merge (said on stderr). A group refused has a plan
  /// whose `refusal` says why.
  private mutating func readGroup(_ given: MergeGroup, quiet: Bool = false) async throws(MonicaError)
    -> (keeper: MergeContact, others: [MergeContact], plan: MergePlan)?
  {
    var group = given
    var records: [Int: JSONObject] = [:]
    for id in group.ids where !done(id, into: group.keep) {
      if let record = try await writes.contact(id) {
        records[id] = record
      } else if id == group.keep {
        refuse(group, "the keeper, contact #\(id), does not exist: nothing was sent")
        return nil
      } else if !quiet {
        StandardError.line("\(tool): \(group.place): contact #\(id) does not exist (merged or deleted already)")
      }
    }
    // The account's own contact is never merged away: kept, or the group is refused.
    var keeperChosen: String?
    var refusal: String?
    if let me = group.merge.first(where: { records[$0]?["is_me"]?.boolValue == true }) {
      let name = MergeContact(record: records[me] ?? JSONObject()).name
      if group.keeperGiven {
        refusal =
          "#\(me) \(OutsideText.quoted(name)) is your own contact (is_me: the contact GET /api/me names), "
          + "which is never merged away: give --keep \(me) to keep it"
      } else {
        keeperChosen =
          "#\(me) \(OutsideText.quoted(name)) is your own contact (is_me: the contact GET /api/me names): "
          + "it is kept, and #\(group.keep) is merged into it"
        group = group.keeping(me)
      }
    }
    guard let keeperRecord = records[group.keep] else { return nil }
    let present = group.merge.compactMap { records[$0] }
    guard !present.isEmpty else { return nil }
    let contacts = [keeperRecord] + present
    if refusal == nil, !options.ignoreNames {
      let mismatches = group.nameMismatches(contacts)
      if !mismatches.isEmpty {
        refusal =
          "the line's names are not the server's (\(mismatches.joined(separator: "; "))): run monica-dedupe "
          + "again, or give --ignore-names to merge these ids all the same"
      }
    }
    var against: [String] = []
    var unforced: [Int] = []
    for pair in MergeGroup.contradictingPairs(contacts) {
      against.append(pair.text)
      for id in [pair.ids.0, pair.ids.1] where id != group.keep && !options.force.contains(id) {
        if !unforced.contains(id) { unforced.append(id) }
      }
    }
    if refusal == nil, !unforced.isEmpty {
      refusal =
        "the contacts contradict each other (\(against.joined(separator: "; "))): "
        + "they may be two people, and a merge cannot be undone; give "
        + unforced.map { "--force \($0)" }.joined(separator: " ") + " to merge them all the same"
    }
    var others: [MergeContact] = []
    if refusal == nil {
      for record in present { others.append(try await read(record)) }
    } else {
      others = present.map { MergeContact(record: $0) }
    }
    var keeper = MergeContact(record: keeperRecord)
    if refusal == nil {
      for id in group.relatedFrom ?? [] {
        let rows = try await relationships(of: id)
        keeper.addInbound(rows)
        for index in others.indices { others[index].addInbound(rows) }
      }
    }
    var plan = MergePlan(keeper: keeper, others: others, today: writes.today)
    plan.inboundUnseen = group.relatedFrom == nil
    plan.keeperChosen = keeperChosen
    plan.score = group.score
    plan.reasonsFor = group.keeperGiven ? ["given by hand (--keep)"] : group.reasons
    plan.reasonsAgainst = against
    if let refusal { plan.refusal = refusal }
    return (keeper, others, plan)
  }

  /// Prints the plan, as text or as NDJSON records; what the real run cannot carry is found out
  /// as the run would: a document's link is downloaded (a GET of the file, no write).
  private func dryRun(_ plan: inout MergePlan, place: String) async throws(MonicaError) {
    if plan.refusal == nil {
      for step in plan.steps where step.kind.recordKind == .document && step.skip == nil {
        if journal.target(of: step.kind.object, source: step.id) == nil, let reason = await writes.downloadRefusal(step)
        {
          plan.notCarried(step, because: reason)
        }
      }
    }
    if options.json {
      for record in plan.records(place: place) { try output.writeLine(MergeOutput.line(record)) }
    } else {
      for line in plan.lines { try output.writeLine(line) }
    }
  }

  /// Asks whether to merge, naming both sides with what each holds, the score and the reasons
  /// for and against, and what changes the keeper's life; false when the answer is no (said).
  private func ask(
    _ confirm: (String) -> Bool?, plan: MergePlan, keeper: MergeContact, others: [MergeContact], group: MergeGroup
  ) async throws(MonicaError) -> Bool {
    let keeper = try await counted(keeper)
    let merged = others.map { "#\($0.id) \"\($0.name.escapingControlCharacters)\" (\($0.holdings))" }
    var question =
      "\(tool): merge \(merged.joined(separator: ", ")) into #\(plan.keep) "
      + "\"\(keeper.name.escapingControlCharacters)\" (\(keeper.holdings))?"
    if let chosen = plan.keeperChosen { question += " keeper: \(chosen.escapingControlCharacters)." }
    let score = plan.score.map { " (score \($0))" } ?? ""
    let reasons = plan.reasonsFor.isEmpty ? " none given" : " " + plan.reasonsFor.joined(separator: "; ")
    question += " For\(score):\(reasons.escapingControlCharacters)."
    question +=
      " Against: "
      + (plan.reasonsAgainst.isEmpty
        ? "nothing" : plan.reasonsAgainst.joined(separator: "; ").escapingControlCharacters)
      + "."
    if !plan.lifeChanges.isEmpty {
      question += " Changed, not only filled: #\(plan.keep) becomes \(plan.lifeChanges.joined(separator: ", "))."
    }
    guard confirm(question) == true else {
      StandardError.line("\(tool): \(group.place): not merged; nothing was sent")
      return false
    }
    return true
  }

  /// Reads what a merged contact owns: each kind's list.
  private mutating func read(_ record: JSONObject) async throws(MonicaError) -> MergeContact {
    var contact = MergeContact(record: record)
    for kind in MergeKind.all {
      if let list = kind.accountList {
        if accountLists[kind.object] == nil { accountLists[kind.object] = try await byContact(list, kind) }
        contact.add(kind.object, accountLists[kind.object]?[contact.id] ?? [])
        continue
      }
      guard kind.list != nil else { continue }
      // Requests are scarce: a list the contact's own count says is empty is not read.
      if let key = kind.statistic, record["statistics"]?[key]?.intValue == 0 { continue }
      contact.add(kind.object, try await list(kind, of: contact.id))
    }
    return contact
  }

  /// Reads a merged contact's record and lists again (the account-wide ones too, once a group:
  /// life events have no list of their own), just before its records move, and adds the records
  /// it got since its plan was journaled; a contact gone (merged by the stopped run) has nothing
  /// to add.
  private mutating func readAgain(_ contact: inout MergeContact) async throws(MonicaError) {
    guard let record = try await writes.contact(contact.id) else { return }
    let fresh = MergeContact(record: record)
    for kind in MergeKind.all where kind.list == nil && kind.accountList == nil {
      contact.addNew(kind.object, fresh.records[kind.object] ?? [])
    }
    for kind in MergeKind.all {
      guard let list = kind.accountList else { continue }
      if accountLists[kind.object] == nil { accountLists[kind.object] = try await byContact(list, kind) }
      contact.addNew(kind.object, accountLists[kind.object]?[contact.id] ?? [])
    }
    for kind in MergeKind.all where kind.list != nil {
      if let key = kind.statistic, record["statistics"]?[key]?.intValue == 0 { continue }
      contact.addNew(kind.object, try await list(kind, of: contact.id))
    }
  }

  /// One of a contact's lists, every page.
  private func list(_ kind: MergeKind, of id: Int) async throws(MonicaError) -> [JSONObject] {
    try await writes.list(kind.recordKind.path(ofContact: id), what: "contact #\(id)'s \(kind.recordKind.name)")
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
        keeper.add(kind.object, try await list(kind, of: keeper.id))
      }
    }
    return keeper
  }

  /// A contact's relationship rows (`contact_is` the contact); none when it is gone.
  private func relationships(of id: Int) async throws(MonicaError) -> [JSONObject] {
    do {
      return try await writes.list(RecordKind.relationship.path(ofContact: id), what: "contact #\(id)'s relationships")
    } catch .notFound {
      return []
    }
  }

  /// The records of an account-wide list, by their contact's id.
  private func byContact(_ list: String, _ kind: MergeKind) async throws(MonicaError) -> [Int: [JSONObject]] {
    var records: [Int: [JSONObject]] = [:]
    for record in try await writes.list(list, what: kind.recordKind.name) {
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
        lists[kind.object] = try await list(kind, of: plan.keep)
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
    progress.begin(group.place, keep: keep, steps: steps.count + 1 + others.count)
    // What became of each record: moved, made again (its copy's id), or not carried.
    var made: [String: Int] = [:]
    var moved = 0
    var copied = 0
    for (index, outcome) in try await writes.run(steps, progress: progress).enumerated() {
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
    progress.plan(more: second.count - 1)
    _ = try await writes.run(second, progress: progress)
    guard let after = try await writes.contact(keep) else {
      return refuse(group, "contact #\(keep) disappeared during the merge: nothing was deleted")
    }
    let lists = try await readBack(plan)
    let missing = plan.missing(after: after, lists: lists, made: copy)
    guard missing.isEmpty else {
      return refuse(
        group,
        "contact #\(keep) read back lacks \(missing.joined(separator: "; ")): nothing was deleted; "
          + "run the same command again to finish")
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
    progress.plan(more: last.count - others.count)
    _ = try await writes.run(last, progress: progress)
    for member in plan.members where member.left != nil {
      StandardError.line(
        "\(tool): contact #\(member.id) is left beside #\(keep), with a note naming it: \(member.left ?? "")")
    }
    let line = JSONObject([
      "object": .string(MergeOutput.object), "id": .int(keep), "group": .string(group.place), "keep": .int(keep),
      "merged": .array(merged), "left": .array(left), "moved": .int(moved), "copied": .int(copied),
      "filled": .array(plan.filled.map(JSONValue.string)), "tags": .array(plan.tags.map(JSONValue.string)),
    ])
    try output.writeLine(MergeOutput.line(.object(line)))
    try output.flush()
    try plans.markReported(group.key)
    progress.groupDone()
  }
}

/// What monica-merge prints: its result lines and `--dry-run --json`'s plan lines.
enum MergeOutput {
  /// The `object` of a result line.
  static let object = "merge"

  /// A record as one NDJSON line that no terminal takes for a command: `JSONWriter`'s escapes,
  /// and every character `TerminalText.isControl` names (C1 controls, bidi controls, DEL) written
  /// as its `\u` escape, so that the line's values are the same and nothing raw reaches a screen.
  static func line(_ value: JSONValue) -> [UInt8] {
    let bytes = JSONWriter.plain.bytes(value)
    guard bytes.contains(where: { $0 >= 0x7F }) else { return bytes }
    var out = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      if TerminalText.isControl(scalar) {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return Array(out.utf8)
  }
}
