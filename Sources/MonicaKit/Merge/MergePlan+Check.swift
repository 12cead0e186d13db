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
      let what = step.described
      if let skip = step.skip {
        lines.append("leave \(what): \(skip)")
        continue
      }
      if let reason = notCarried(step) {
        lines.append("leave \(what): it cannot be made again on #\(keep)\(reason.isEmpty ? "" : ": " + reason)")
        continue
      }
      switch step.kind.move {
      case .update, .attendees:
        lines.append("move \(what) to #\(keep) (update: \(step.kind.source))")
      case .recreate:
        let end =
          deletesOriginal(step)
          ? ", then delete the original once #\(keep) is read back holding it"
          : "; the original stays (archived contact)"
        if step.inboundFrom != nil {
          lines.append("copy \(what) as one to #\(keep)\(end) (\(Self.inboundSource))")
        } else {
          lines.append("copy \(what) to #\(keep)\(end) (\(step.kind.source))")
        }
      }
    }
    if inboundUnseen {
      lines.append("# unseen: \(unseenInbound)")
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
    let photos = steps.contains { $0.kind.object == "photo" && $0.skip == nil }
    return MergeKind.all.filter { kind in
      steps.contains { $0.kind == kind && $0.skip == nil } || (photos && kind.object == "gift")
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
    held["contactfield"] = (after["contactFields"]?.arrayValue ?? []).compactMap(\.objectValue)
    held["address"] = (after["addresses"]?.arrayValue ?? []).compactMap(\.objectValue)
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
    for step in steps where step.kind.object == "photo" && step.skip == nil {
      guard let copy = made(step) else { continue }
      for gift in held["gift"] ?? [] {
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
    switch step.kind.object {
    case "photo" where copy["dataUrl"] != step.record["dataUrl"]:
      return "has other bytes than the original"
    case "document"
    where copy["filesize"] != step.record["filesize"] || copy["original_filename"] != step.record["original_filename"]:
      return "is not the original's file"
    case "conversation":
      let had = step.record["messages"]?.arrayValue?.count ?? 0
      let has = copy["messages"]?.arrayValue?.count ?? 0
      return has < had ? "holds \(has) of its \(had) messages" : nil
    default:
      return nil
    }
  }
}
