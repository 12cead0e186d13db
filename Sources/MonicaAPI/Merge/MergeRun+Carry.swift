import MonicaKit

/// A group's plan carried out through the write machinery, the keeper read back before any delete.
extension MergeRun {
  /// Hands the plan to the write machinery in three plans, with the reads each needs before it:
  /// the keeper filled and every record moved or made again; the gifts given their photos' copies
  /// and the keeper's note; then, only for what the keeper read back holds, the originals of the
  /// records made again and the merged contacts deleted (or left, with a note).
  mutating func carry(
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
