extension MergePlan {
  /// The plan of merging `others` into `keeper`, from their records as read.
  package init(keeper: MergeContact, others: [MergeContact], today: CalendarDate = .today()) {
    keep = keeper.id
    keepName = keeper.name
    if keeper.archived {
      refusal = "the keeper #\(keep) is archived: Monica refuses every change to it (Contact.php:1570-1577)"
    } else if keeper.record["is_partial"]?.boolValue == true {
      refusal = "the keeper #\(keep) is a partial contact (one of a relationship): choose a full contact to keep"
    }
    var record = keeper.record
    var lines: [String] = []
    for other in others {
      var kept: [String] = []
      fillFields(&record, from: other.record, conflicts: &kept)
      fillExtras(keeper: keeper.record, from: other, group: Set([keeper.id] + others.map(\.id)), today: today)
      lines.append(
        "Merged from \(other.name) (#\(other.id))" + (kept.isEmpty ? "" : ": " + kept.joined(separator: "; ")))
      // The note an earlier merge made on this contact is not moved: its lines go into this one.
      for note in other.records[RecordKind.note.object] ?? [] {
        guard let body = note["body"]?.stringValue, Self.isKeeperNote(body) else { continue }
        for line in body.split(separator: "\n") {
          var text = String(line)
          if text.hasPrefix(Self.earlierPrefix) { text.removeFirst(Self.earlierPrefix.count) }
          lines.append(Self.earlierPrefix + text)
        }
      }
    }
    fill = filled.isEmpty ? nil : record
    note = lines.joined(separator: "\n")
    tags = Self.missingTags(keeper: keeper, others: others)
    steps = Self.steps(keeper: keeper, others: others)
    members = others.map { other in
      MergeMember(id: other.id, name: other.name, left: Self.reasonToLeave(other), archived: other.archived)
    }
    for step in steps where step.skip == nil {
      var phrases = MigrationLosses.of(step.kind.object, step.record)
      if step.kind.move == .recreate { phrases.append(MigrationLosses.timestamps) }
      for phrase in phrases {
        let said = phrase.replacing("the time of the migration", with: "the time of the merge")
        if let index = losses.firstIndex(where: { $0.phrase == said }) {
          losses[index].count += 1
        } else {
          losses.append((said, 1))
        }
      }
    }
  }

  /// Why a merged contact cannot be deleted at the end, if it cannot.
  static func reasonToLeave(_ contact: MergeContact) -> String? {
    guard contact.archived else { return nil }
    return "it is archived, and Monica cannot delete an archived contact (DestroyContact.php:43)"
  }

  /// Fills the keeper's empty fields from `other`; a value that differs from the keeper's, or that
  /// the contact's update does not take, goes to `conflicts` in words, for the note.
  private mutating func fillFields(_ keeper: inout JSONObject, from other: JSONObject, conflicts: inout [String]) {
    for (key, words) in [
      ("first_name", "first name"), ("last_name", "last name"), ("nickname", "nickname"),
      ("description", "description"),
    ] {
      guard let theirs = Self.text(other[key]) else { continue }
      if let ours = Self.text(keeper[key]) {
        if ours.folded != theirs.folded { conflicts.append("\(words) \(Self.quoted(theirs))") }
      } else {
        keeper[key] = .string(theirs)
        filled.append("\(words) \(Self.quoted(theirs))")
      }
    }
    for (key, words) in [("birthdate", "birthday"), ("deceased_date", "date of death")] {
      guard let theirs = other["information"]?["dates"]?[key], let day = Self.day(theirs) else { continue }
      if let ours = keeper["information"]?["dates"]?[key], let kept = Self.day(ours) {
        if kept != day { conflicts.append("\(words) \(day)") }
      } else {
        keeper = Self.setting(keeper, ["information", "dates", key], theirs)
        filled.append("\(words) \(day)")
        if key == "deceased_date" { lifeChanges.append("\(words) \(day)") }
      }
    }
    // A date of death makes the contact deceased (the contact's update takes is_deceased with it).
    let deathFilled = lifeChanges.contains { $0.hasPrefix("date of death") }
    if keeper["is_dead"]?.boolValue != true, other["is_dead"]?.boolValue == true || deathFilled {
      keeper["is_dead"] = .bool(true)
      filled.append("deceased")
      lifeChanges.append("deceased")
    }
    // Job, company, food preferences and how-you-met are kept on routes of their own: an empty
    // one of the keeper is filled (`fillExtras`), another value goes into the note.
    let elsewhere: [([String], String)] = [
      (["information", "career", "job"], "job"), (["information", "career", "company"], "company"),
      (["information", "food_preferences"], "food preferences"),
      (["information", "how_you_met", "general_information"], "how you met"),
    ]
    for (path, words) in elsewhere {
      guard let theirs = Self.text(Self.value(other, path)), let ours = Self.text(Self.value(keeper, path)) else {
        continue
      }
      if ours.folded != theirs.folded { conflicts.append("\(words) \(Self.quoted(theirs))") }
    }
    // Only the web app writes these (routes/web.php:185,188; ContactsController.php:621-668):
    // no API route can fill them, so they are said in the note.
    if let theirs = Self.text(other["stay_in_touch_frequency"]),
      Self.text(keeper["stay_in_touch_frequency"]) != theirs
    {
      conflicts.append("stay in touch every \(theirs) days")
    }
    if other["is_starred"]?.boolValue == true, keeper["is_starred"]?.boolValue != true {
      conflicts.append("starred")
    }
  }

  /// Fills the keeper's empty job, company, food preferences and how-you-met from `other`, by
  /// their own routes (`PUT /contacts/{id}/work|food|introduction`, routes/api.php:27-29): each
  /// becomes one body in `extras`, made from the keeper's values with its empty ones filled.
  private mutating func fillExtras(keeper: JSONObject, from other: MergeContact, group: Set<Int>, today: CalendarDate) {
    if let theirs = ContactExtras.work(other.record) {
      var body = extras[.work] ?? ContactExtras.work(keeper) ?? JSONObject(["job": .null, "company": .null])
      for key in ["job", "company"] where Self.text(body[key]) == nil {
        if let value = Self.text(theirs[key]) {
          body[key] = .string(value)
          filled.append("\(key) \(Self.quoted(value))")
        }
      }
      if body != ContactExtras.work(keeper) { extras[.work] = body }
    }
    if extras[.food] == nil, ContactExtras.food(keeper) == nil, let theirs = ContactExtras.food(other.record) {
      extras[.food] = theirs
      filled.append("food preferences \(Self.quoted(Self.text(theirs["food_preferences"]) ?? ""))")
    }
    if extras[.introduction] == nil, ContactExtras.introduction(keeper, today: today) == nil,
      let theirs = ContactExtras.introduction(other.record, today: today)
    {
      // An introducer among the merged contacts would be the keeper itself: none is sent.
      let introducer = theirs.introducer.flatMap { group.contains($0) ? nil : $0 }
      extras[.introduction] = theirs.body(introducer: introducer)
      filled.append("how you met" + (Self.text(theirs.body["general_information"]).map { " " + Self.quoted($0) } ?? ""))
    }
  }

  /// The tag names the others have and the keeper lacks (compared without case, as MySQL does).
  static func missingTags(keeper: MergeContact, others: [MergeContact]) -> [String] {
    var have = Set((keeper.record["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue?.lowercased() })
    var missing: [String] = []
    for other in others {
      for name in (other.record["tags"]?.arrayValue ?? []).compactMap({ $0["name"]?.stringValue })
      where have.insert(name.lowercased()).inserted {
        missing.append(name)
      }
    }
    return missing
  }

  /// Each record of the others, in `MergeKind.all`'s order, with how it moves.
  static func steps(keeper: MergeContact, others: [MergeContact]) -> [MergeStep] {
    let group = Set(others.map(\.id))
    var steps: [MergeStep] = []
    var seen = Set<String>()
    for kind in MergeKind.all {
      let isRelationship = kind.recordKind == .relationship
      var values = Set((keeper.records[kind.object] ?? []).compactMap { valueKey(kind, $0, owner: keeper.id) })
      if isRelationship {
        values.formUnion(relationshipKeys(of: keeper.record))
        values.formUnion(keeper.inbound.compactMap { valueKey(kind, $0, owner: keeper.id) })
      }
      for other in others {
        let records = (other.records[kind.object] ?? []) + (isRelationship ? other.inbound : [])
        for record in records {
          guard let id = record["id"]?.intValue, seen.insert("\(kind.object)#\(id)").inserted else { continue }
          var skip: String?
          if isRelationship, let end = otherEnd(of: record, owner: other.id), end == keeper.id || group.contains(end) {
            skip = "it is between the merged contacts: dropped (Monica deletes it with the merged contact)"
          } else if kind.recordKind == .note, let body = record["body"]?.stringValue, isLeftNote(body) {
            skip =
              "the note an earlier merge left on #\(other.id) names a keeper: not moved (it goes with #\(other.id))"
          } else if kind.recordKind == .note, let body = record["body"]?.stringValue, isKeeperNote(body) {
            skip = "the note of an earlier merge: not moved, its lines are in this merge's note"
          } else if let key = valueKey(kind, record, owner: other.id), !values.insert(key).inserted {
            skip = "the keeper has this \(kind.recordKind == .contactField ? "value" : kind.object) already"
          }
          var change = JSONObject()
          switch kind.move {
          case .update:
            change["contact_id"] = .int(keeper.id)
            if kind.recordKind == .gift, let recipient = record["recipient"]?["id"]?.intValue,
              group.contains(recipient)
            {
              change["recipient_id"] = .int(keeper.id)
            }
          case .attendees:
            var ids: [Int] = []
            for attendee in record["attendees"]?["contacts"]?.arrayValue ?? [] {
              guard var id = attendee["id"]?.intValue else { continue }
              if group.contains(id) { id = keeper.id }
              if !ids.contains(id) { ids.append(id) }
            }
            change["contacts"] = .array(ids.map(JSONValue.int))
          case .recreate:
            break
          }
          steps.append(
            MergeStep(kind: kind, id: id, from: other.id, record: record, change: change, skip: skip))
        }
      }
    }
    return steps
  }

  /// The contact at the other end of a relationship row of `owner`'s: its `of_contact`, or for a
  /// row another contact holds to it (`MergeContact.inbound`), that contact.
  static func otherEnd(of row: JSONObject, owner: Int) -> Int? {
    let from = row["contact_is"]?["id"]?.intValue
    return from != nil && from != owner ? from : row["of_contact"]?["id"]?.intValue
  }

  /// The value of a record of `owner`'s that the keeper must not get twice: a contact field's
  /// type and normalised content, an address's place, a relationship's other contact, direction
  /// and type; `nil` for kinds where two alike records are two.
  static func valueKey(_ kind: MergeKind, _ record: JSONObject, owner: Int? = nil) -> String? {
    switch kind.recordKind {
    case .contactField:
      guard let content = record["content"]?.stringValue else { return nil }
      let type = record["contact_field_type"]?["id"]?.intValue ?? 0
      let kindName = (record["contact_field_type"]?["type"]?.stringValue ?? "").lowercased()
      let value = kindName == "phone" ? (MatchKeys.phoneDigits(content) ?? content) : content.folded
      return "\(type)|\(value)"
    case .relationship:
      let type = (record["relationship_type"]?["name"]?.stringValue ?? "").lowercased()
      if let owner, let from = record["contact_is"]?["id"]?.intValue, from != owner { return "from \(from)|" + type }
      guard let to = record["of_contact"]?["id"]?.intValue else { return nil }
      return "\(to)|" + type
    case .address:
      let parts = ["street", "city", "province", "postal_code"].map { (record[$0]?.stringValue ?? "").folded }
      return (parts + [record["country"]?["id"]?.stringValue ?? ""]).joined(separator: "|")
    default:
      return nil
    }
  }

  /// The keys (`valueKey`) of the relationships a contact record lists in
  /// `information.relationships` (ContactBase.php lists each row of the contact by type group).
  static func relationshipKeys(of contact: JSONObject) -> [String] {
    ["love", "family", "friend", "work"].flatMap { group in
      (contact["information"]?["relationships"]?[group]?["contacts"]?.arrayValue ?? []).compactMap { element in
        guard let to = element["contact"]?["id"]?.intValue else { return nil }
        return "\(to)|" + (element["relationship"]?["name"]?.stringValue ?? "").lowercased()
      }
    }
  }

  /// A string member's text, `nil` when absent, null or blank.
  static func text(_ value: JSONValue?) -> String? {
    if let number = value?.intValue { return String(number) }
    guard let text = value?.stringValue?.trimmingWhiteSpace, !text.isEmpty else { return nil }
    return text
  }

  /// The `YYYY-MM-DD` of a special date `{is_age_based, is_year_unknown, date}`, `nil` for none.
  static func day(_ value: JSONValue) -> String? {
    guard let date = value["date"]?.stringValue, date.count >= 10 else { return nil }
    let day = String(date.prefix(10))
    return value["is_year_unknown"]?.boolValue == true ? "--" + day.dropFirst(5) : day
  }

  static func quoted(_ text: String) -> String { "'" + text + "'" }

  static func value(_ record: JSONObject, _ path: [String]) -> JSONValue? {
    var value: JSONValue? = .object(record)
    for key in path { value = value?[key] }
    return value
  }

  /// The object with `value` set at `path`, making the objects on the way.
  static func setting(_ object: JSONObject, _ path: [String], _ value: JSONValue) -> JSONObject {
    guard let first = path.first else { return object }
    var result = object
    if path.count == 1 {
      result[first] = value
    } else {
      result[first] = .object(setting(object[first]?.objectValue ?? JSONObject(), Array(path.dropFirst()), value))
    }
    return result
  }
}
