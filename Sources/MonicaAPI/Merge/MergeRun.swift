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
  var accountLists: [String: [Int: [JSONObject]]] = [:]

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
  func done(_ id: Int, into keep: Int) -> Bool { Self.done(id, into: keep, journal) }

  /// Whether `journal` says `id` was merged into (or left beside) `keep` already.
  static func done(_ id: Int, into keep: Int, _ journal: IDMap) -> Bool {
    journal.target(of: MergeJournal.merged, source: id) == keep
      || journal.target(of: MergeJournal.left, source: id) == keep
  }

  mutating func refuse(_ group: MergeGroup, _ reason: String) {
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
}
