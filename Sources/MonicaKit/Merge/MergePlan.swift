/// What was read of one contact for a merge: its record (read `with=contactfields`, so it holds
/// its contact fields, addresses and tags) and its records of each kind.
package struct MergeContact: Sendable {
  /// The contact record.
  package let record: JSONObject
  /// Its records by `object`, the lists read and those the record holds.
  package internal(set) var records: [String: [JSONObject]] = [:]
  /// Other contacts' relationship rows to it that have no reverse row (`addInbound`): they
  /// move with it, as rows of the same contact to the keeper.
  package internal(set) var inbound: [JSONObject] = []

  /// A contact from its record; contact fields and addresses are taken from it.
  package init(record: JSONObject) {
    self.record = record
    records[RecordKind.contactField.object] = (record["contactFields"]?.arrayValue ?? []).compactMap(\.objectValue)
    records[RecordKind.address.object] = (record["addresses"]?.arrayValue ?? []).compactMap(\.objectValue)
  }

  /// Adds the records of one list.
  package mutating func add(_ object: String, _ list: [JSONObject]) { records[object, default: []] += list }

  /// Adds the records of `list` whose ids it does not hold yet, after those it holds: a list
  /// read again just before the records move, so that a record made since is moved too, and the
  /// plan of those read before stays as it was.
  package mutating func addNew(_ object: String, _ list: [JSONObject]) {
    let held = Set((records[object] ?? []).compactMap { $0["id"]?.intValue })
    records[object, default: []] += list.filter { $0["id"]?.intValue.map { !held.contains($0) } ?? false }
  }

  /// The contact's id.
  package var id: Int { record["id"]?.intValue ?? 0 }
  /// Its name as Monica prints it.
  package var name: String {
    if let name = record["complete_name"]?.stringValue, !name.isEmpty { return name }
    return [record["first_name"]?.stringValue, record["last_name"]?.stringValue].compactMap { $0 }.joined(
      separator: " ")
  }
  /// Whether it is archived (`is_active` false).
  package var archived: Bool { record["is_active"]?.boolValue == false }
  /// Whether it is the account's own contact (`is_me`: its id is the user's `me_contact_id`,
  /// Contact.php:484-487, the contact `GET /api/me` names as `me_contact`, User.php:31).
  package var isMe: Bool { record["is_me"]?.boolValue == true }

  /// "3 notes, 1 task, 2 contact fields": what it holds, for the question and the plan; for a
  /// contact whose lists were not read (the keeper), what its record counts.
  package var holdings: String {
    var parts: [String] = []
    for kind in MergeKind.all {
      // A list not read (the keeper's) is counted as the contact record counts it.
      var count = records[kind.object]?.count ?? listedCount(kind)
      if kind.recordKind == .relationship { count += inbound.count }
      if count > 0 { parts.append(Self.count(count, kind.recordKind)) }
    }
    let tags = record["tags"]?.arrayValue?.count ?? 0
    if tags > 0 { parts.append(Self.count(tags, .tag)) }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }

  /// How many records of `kind` the contact record says it has: its statistics, or for
  /// relationships the rows `information.relationships` lists; 0 when it does not say.
  func listedCount(_ kind: MergeKind) -> Int {
    if kind.recordKind == .relationship { return MergePlan.relationshipKeys(of: record).count }
    return kind.statistic.flatMap { record["statistics"]?[$0]?.intValue } ?? 0
  }

  /// "2 notes", "1 contact field".
  static func count(_ count: Int, _ kind: RecordKind) -> String {
    let word = kind.singular
    let plural =
      word.hasSuffix("s") ? word + "es" : word.hasSuffix("ity") ? word.dropLast() + "ies" : word + "s"
    return "\(count) \(count == 1 ? word : plural)"
  }
}

/// One record of a merged contact and what happens to it.
package struct MergeStep: Sendable, Equatable {
  /// Its kind.
  package let kind: MergeKind
  /// Its id.
  package let id: Int
  /// The merged contact that owns it.
  package let from: Int
  /// The record as it was read.
  package let record: JSONObject
  /// For a move by update, the write fields it changes (`contact_id`, `contacts`), by write name.
  package let change: JSONObject
  /// Why nothing is sent for it (the keeper has that value already); `nil` when it moves.
  package let skip: String?

  /// For a relationship another contact holds to the merged one without a reverse row
  /// (`MergeContact.inbound`), that contact: the row is in its list, and made again from it.
  package var inboundFrom: Int? {
    guard kind.recordKind == .relationship, let from = record["contact_is"]?["id"]?.intValue, from != self.from
    else { return nil }
    return from
  }

  /// "note #7 of #57", "relationship #9 of #30 to #57".
  package var described: String {
    inboundFrom.map { "\(kind.object) #\(id) of #\($0) to #\(from)" } ?? "\(kind.object) #\(id) of #\(from)"
  }
}

/// A merged contact and whether it can be deleted at the end.
package struct MergeMember: Sendable, Equatable {
  /// Its id.
  package let id: Int
  /// Its name.
  package let name: String
  /// Why it is left in place with a note naming the keeper instead of being deleted.
  package var left: String?
  /// Whether it is archived.
  package var archived = false
  /// Whether the originals of records made again on the keeper are deleted (not on an archived
  /// contact, whose records Monica's services refuse to change, Contact.php:1570-1577).
  package var deletesOriginals: Bool { !archived }
}

/// Everything one group's merge does, decided from what was read and nothing else: the keeper's
/// fields filled, the note of what could not be filled, each record's move, the tags joined and
/// which merged contacts are deleted.
package struct MergePlan: Sendable {
  /// The keeper's id and name.
  package let keep: Int
  package let keepName: String
  /// The keeper's record with the filled values, `nil` when nothing is filled.
  package var fill: JSONObject?
  /// What is filled, in words: `nickname "Ani"`.
  package var filled: [String] = []
  /// Of `filled`, what changes the keeper's life rather than fills a gap: `deceased`, a date of
  /// death. Never done silently: the plan and the question say it as the change it is.
  package var lifeChanges: [String] = []
  /// The bodies of the keeper's own routes that fill it (`work`, `food`, `introduction`), by part.
  package var extras: [RecordKind.ContactPart: JSONObject] = [:]
  /// Tag names the keeper lacks.
  package var tags: [String] = []
  /// The records of the merged contacts, in the order they move.
  package var steps: [MergeStep] = []
  /// The note made on the keeper: where it was merged from, and each value that was not filled.
  package var note = ""
  /// The merged contacts.
  package var members: [MergeMember] = []
  /// Why the group cannot be merged at all (an archived or partial keeper, a contradiction not
  /// forced, the account's own contact among the merged); nothing is sent.
  package var refusal: String?
  /// Why the keeper is not the one the line named (the account's own contact is kept), in words.
  package var keeperChosen: String?
  /// The line's score and its reasons for (monica-dedupe's); `nil` and empty for `--keep`.
  package var score: String?
  package var reasonsFor: [String] = []
  /// What says the contacts are two people (`MergeGroup.contradictions`), merged all the same
  /// because `--force` named them; a group with others is refused.
  package var reasonsAgainst: [String] = []
  /// The records the migration cannot make again on the keeper (a document whose link cannot
  /// be downloaded), by `object#id`: why, or "" when it said so itself (on stderr).
  package private(set) var uncarried: [String: String] = [:]
  /// What the records moved or made again cannot keep, as the catalogue says for a record made
  /// again (`MigrationLosses`, and its timestamps) or the kind's update does: the phrase and how
  /// many records of the plan lose it, in the order first met.
  package var losses: [(phrase: String, count: Int)] = []
  /// Whether the relationships other contacts hold to the merged ones without a reverse row
  /// could not be looked for (a group without `related_from`): said in the plan and on stderr.
  package var inboundUnseen = false

  /// Takes note that `step`'s record cannot be made again on the keeper: the original stays, and
  /// so does its contact, left beside the keeper with a note naming it.
  package mutating func notCarried(_ step: MergeStep, because reason: String) {
    uncarried["\(step.kind.object)#\(step.id)"] = reason
    guard let index = members.firstIndex(where: { $0.id == step.from }) else { return }
    let what = "its \(step.kind.object) #\(step.id) could not be made again on #\(keep)"
    members[index].left = members[index].left.map { $0 + "; " + what } ?? what
  }

  /// Why `step`'s record cannot be made again on the keeper, if it cannot.
  package func notCarried(_ step: MergeStep) -> String? { uncarried["\(step.kind.object)#\(step.id)"] }

  /// The note left on a merged contact that is not deleted.
  package func leftNote(_ member: MergeMember) -> String {
    "Merged into \(keepName) (#\(keep)) by monica-merge; this contact was not deleted: \(member.left ?? "")"
  }

  /// Whether a note's body is one monica-merge left on a contact it could not delete
  /// (`leftNote`): moved to the keeper it names, it would say nothing true.
  package static func isLeftNote(_ body: String) -> Bool {
    body.hasPrefix("Merged into ") && body.contains(") by monica-merge; this contact was not deleted: ")
  }

  /// Whether a note's body is the note monica-merge made on a keeper (`note`): every line
  /// `Merged from NAME (#ID)...`, or a line of an earlier merge's note folded in.
  package static func isKeeperNote(_ body: String) -> Bool {
    let lines = body.split(separator: "\n")
    guard let first = lines.first, first.hasPrefix("Merged from "), first.contains(" (#") else { return false }
    return lines.allSatisfy { $0.hasPrefix("Merged from ") || $0.hasPrefix(earlierPrefix) }
  }

  /// How a line of an earlier merge's note is folded into the new one.
  static let earlierPrefix = "  earlier: "
}
