import MonicaKit

/// A group read and checked before it is planned: the account's own contact, the names the line
/// gives, contradictions.
extension MergeRun {
  /// Reads the group's contacts, checks that they may be merged, reads what the merged ones own
  /// and plans; `nil` when there is nothing to merge (said on stderr). A group refused has a plan
  /// whose `refusal` says why.
  mutating func readGroup(_ given: MergeGroup, quiet: Bool = false) async throws(MonicaError)
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
}
