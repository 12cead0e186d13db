extension MergePlan {
  /// One line of the plan: what it does (`fill`, `move`, `copy`, `delete`...), in words, and for
  /// a record's line the record.
  package struct Entry: Sendable, Equatable {
    /// `group`, `keeper`, `score`, `against`, `refused`, `change`, `fill`, `tag`, `move`, `copy`,
    /// `leave`, `unseen`, `uncarried`, `note`, `delete`.
    package let action: String
    /// The line as `--dry-run` prints it, before it is made safe for a terminal (`lines`).
    package let text: String
    /// For a record's line: its kind's `object`, its id and the merged contact that holds it.
    package var object: String?
    package var record: Int?
    package var from: Int?

    init(_ action: String, _ text: String, step: MergeStep? = nil) {
      self.action = action
      self.text = text
      object = step?.kind.object
      record = step?.id
      from = step?.from
    }
  }

  /// The plan in words, one line each, for `--dry-run`: what is filled, what moves and how,
  /// what becomes the note, what is deleted or left. Text from records (names, values) never
  /// reaches a terminal or a pipe raw: each line goes through `TerminalText.safe`, and a line
  /// feed or tab inside a value becomes its replacement too, so that one line is one entry.
  package var lines: [String] { entries.map { Self.shown($0.text) } }

  /// `text` as a plan line shows it: `TerminalText.safe`, with line feeds and tabs replaced too.
  package static func shown(_ text: String) -> String {
    let safe = TerminalText.safe(text)
    guard safe.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\t" }) else { return safe }
    var result = String.UnicodeScalarView()
    for scalar in safe.unicodeScalars {
      result.append(scalar == "\n" || scalar == "\t" ? TerminalText.replacement : scalar)
    }
    return String(result)
  }

  /// The plan's lines as NDJSON records for `--dry-run --json`: `{"object":"mergeplan","id":12,
  /// "group":"stdin:1","action":"move","text":"move note #7 of #57 to #12 ...","record_object":
  /// "note","record_id":7,"from":57}` (`id` is the keeper's). Their strings are the values as
  /// read; `JSONWriter`'s escapes and `MergeOutput.line` (MonicaAPI) keep them whole and terminal-safe.
  package func records(place: String) -> [JSONValue] {
    entries.map { entry in
      var line = JSONObject([
        "object": .string(Self.planObject), "id": .int(keep), "group": .string(place),
        "action": .string(entry.action), "text": .string(entry.text),
      ])
      if let object = entry.object { line["record_object"] = .string(object) }
      if let record = entry.record { line["record_id"] = .int(record) }
      if let from = entry.from { line["from"] = .int(from) }
      return .object(line)
    }
  }

  /// The `object` of a plan line in `--dry-run --json`.
  package static let planObject = "mergeplan"

  /// The plan's entries, in order.
  package var entries: [Entry] {
    let others = members.map { "#\($0.id) \(Self.quoted($0.name))" }.joined(separator: ", ")
    var entries = [Entry("group", "# keep #\(keep) \(Self.quoted(keepName)), merge \(others)")]
    if let keeperChosen { entries.append(Entry("keeper", "# keeper: \(keeperChosen)")) }
    if score != nil || !reasonsFor.isEmpty {
      let reasons = reasonsFor.isEmpty ? "" : ": " + reasonsFor.joined(separator: "; ")
      entries.append(Entry("score", "# for" + (score.map { " (score \($0))" } ?? "") + reasons))
    }
    for reason in reasonsAgainst { entries.append(Entry("against", "# against: \(reason)")) }
    if let refusal {
      entries.append(Entry("refused", "# not merged: \(refusal)"))
      return entries
    }
    for text in filled {
      if lifeChanges.contains(text) {
        entries.append(
          Entry(
            "change",
            "change #\(keep): \(text): not a gap filled but a change (#\(keep) is recorded living; "
              + "Monica shows it deceased from now on)"))
      } else {
        entries.append(Entry("fill", "fill #\(keep): \(text)"))
      }
    }
    if !tags.isEmpty { entries.append(Entry(RecordKind.tag.object, "tag #\(keep): \(tags.joined(separator: ", "))")) }
    for step in steps {
      let what = step.described
      if let skip = step.skip {
        entries.append(Entry("leave", "leave \(what): \(skip)", step: step))
        continue
      }
      if let reason = notCarried(step) {
        entries.append(
          Entry(
            "leave", "leave \(what): it cannot be made again on #\(keep)\(reason.isEmpty ? "" : ": " + reason)",
            step: step))
        continue
      }
      switch step.kind.move {
      case .update, .attendees:
        entries.append(Entry("move", "move \(what) to #\(keep) (update: \(step.kind.source))", step: step))
      case .recreate:
        let end =
          deletesOriginal(step)
          ? ", then delete the original once #\(keep) is read back holding it"
          : "; the original stays (archived contact)"
        if step.inboundFrom != nil {
          entries.append(Entry("copy", "copy \(what) as one to #\(keep)\(end) (\(Self.inboundSource))", step: step))
        } else {
          entries.append(Entry("copy", "copy \(what) to #\(keep)\(end) (\(step.kind.source))", step: step))
        }
      }
    }
    if inboundUnseen { entries.append(Entry("unseen", "# unseen: \(unseenInbound)")) }
    for (phrase, count) in losses {
      entries.append(Entry("uncarried", "# not carried: \(phrase): \(count) record\(count == 1 ? "" : "s")"))
    }
    for line in note.split(separator: "\n") { entries.append(Entry(RecordKind.note.object, "note #\(keep): \(line)")) }
    for member in members {
      if member.left != nil {
        entries.append(Entry("leave", "leave #\(member.id): \(member.left ?? ""); it gets a note naming #\(keep)"))
      } else {
        entries.append(Entry("delete", "delete #\(member.id) once #\(keep) is read back holding everything"))
      }
    }
    return entries
  }

  /// Where Monica's source says why a relationship another contact holds to a merged one is made
  /// again from that contact.
  static let inboundSource =
    "it has no reverse row, and only its contact's list shows it, ApiRelationshipController.php:26-28"

  /// What a group without `related_from` (`--keep`) cannot see, in words.
  package var unseenInbound: String {
    let ids = members.map { "#\($0.id)" }.joined(separator: ", ")
    return "a relationship another contact holds to \(ids) with no reverse row is listed only under that contact "
      + "(ApiRelationshipController.php:26-28) and is deleted with the merged contact (DestroyContact.php:64-71); "
      + "monica-dedupe's line names the contacts to read (related_from), this group does not"
  }

  /// Whether the original of a record made again on the keeper is deleted.
  package func deletesOriginal(_ step: MergeStep) -> Bool {
    members.first { $0.id == step.from }?.deletesOriginals ?? false
  }

  /// The kinds whose lists the keeper must be read back with: those a record moves to, and
  /// gifts when a photo is made again (a gift holding it must hold the copy).
  package var kindsToCheck: [MergeKind] {
    let photos = steps.contains { $0.kind.recordKind == .photo && $0.skip == nil }
    return MergeKind.all.filter { kind in
      steps.contains { $0.kind == kind && $0.skip == nil } || (photos && kind.recordKind == .gift)
    }
  }

  /// What the keeper, read back after the writes, lacks of what the plan gave it, in words;
  /// empty when it holds everything. `after` is its record (with its contact fields and
  /// addresses), `lists` its records of each other kind by `object`, as read back record by
  /// record (not counted: monica-sandbox keeps some statistics only, and Monica counts calls,
  /// reminders and debts live, ContactBase.php:92-100), and `made` the id a record made again
  /// on the keeper got (from the journal), `nil` when none was made.
  package func missing(after: JSONObject, lists: [String: [JSONObject]], made: (MergeStep) -> Int?) -> [String] {
    var missing: [String] = []
    let names = Set((after["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue?.lowercased() })
    for tag in tags where !names.contains(tag.lowercased()) { missing.append("tag \(Self.quoted(tag))") }
    var held = lists
    held[RecordKind.contactField.object] = (after["contactFields"]?.arrayValue ?? []).compactMap(\.objectValue)
    held[RecordKind.address.object] = (after["addresses"]?.arrayValue ?? []).compactMap(\.objectValue)
    for step in steps where step.skip == nil && notCarried(step) == nil {
      let what = step.described
      let target = step.kind.move == .recreate ? made(step) : step.id
      guard let target else {
        missing.append("\(what) (not made again)")
        continue
      }
      guard let copy = (held[step.kind.object] ?? []).first(where: { $0["id"]?.intValue == target }) else {
        missing.append("\(what) (#\(target) is not among its \(step.kind.object)s)")
        continue
      }
      if let difference = Self.difference(step, copy) { missing.append("\(what) (#\(target) \(difference))") }
    }
    // A gift holding a photo made again must hold the copy.
    for step in steps where step.kind.recordKind == .photo && step.skip == nil {
      guard let copy = made(step) else { continue }
      for gift in held[RecordKind.gift.object] ?? [] {
        let photos = RecordKind.giftPhotoIDs(of: gift)
        if photos.contains(step.id) && !photos.contains(copy) {
          missing.append("gift #\(gift["id"]?.intValue ?? 0) (the copy #\(copy) of its photo #\(step.id))")
        }
      }
    }
    if let fill {
      for key in ["first_name", "last_name", "nickname", "description"] {
        if let wanted = Self.text(fill[key]), Self.text(after[key]) != wanted { missing.append(key) }
      }
    }
    for (part, body) in extras.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let (have, keys): (JSONObject?, [String]) =
        switch part {
        case .work: (ContactExtras.work(after), ["job", "company"])
        case .food: (ContactExtras.food(after), ["food_preferences"])
        case .introduction: (ContactExtras.introduction(after, today: .today())?.body, ["general_information"])
        case .avatar: (nil, [])
        }
      if keys.contains(where: { Self.text(have?[$0]) != Self.text(body[$0]) }) { missing.append(part.rawValue) }
    }
    return missing
  }

  /// How a record made again (or moved) differs from the original in what must survive the
  /// move: a photo's bytes, a document's file, a conversation's messages; `nil` when it does not.
  static func difference(_ step: MergeStep, _ copy: JSONObject) -> String? {
    switch step.kind.recordKind {
    case .photo where copy["dataUrl"] != step.record["dataUrl"]:
      return "has other bytes than the original"
    case .document
    where copy["filesize"] != step.record["filesize"] || copy["original_filename"] != step.record["original_filename"]:
      return "is not the original's file"
    case .conversation:
      let had = step.record["messages"]?.arrayValue?.count ?? 0
      let has = copy["messages"]?.arrayValue?.count ?? 0
      return has < had ? "holds \(has) of its \(had) messages" : nil
    default:
      return nil
    }
  }
}
