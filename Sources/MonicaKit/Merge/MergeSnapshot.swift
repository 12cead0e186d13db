/// What one group's plan was decided from, kept in the journal's plans file before the first
/// write: the keeper and the merged contacts as read (records, lists, the rows other contacts
/// hold to them) and what the run was told about them. A resumed run plans from it, not from what
/// it reads now: a record copied to the keeper by the stopped run is then still the plan's copy,
/// not "a value the keeper has already", and its original is still deleted. The plan is a pure
/// function of the snapshot (`plan(today:)`).
package struct MergeSnapshot: Sendable {
  /// The group's key (`MergeGroup.key`): its contacts, by id.
  package let key: String
  /// The keeper and the merged contacts, as read when the group was planned.
  package let keeper: MergeContact
  package let others: [MergeContact]
  /// Whether the group named no `related_from` (its inbound rows were not looked for).
  package let inboundUnseen: Bool
  /// `MergePlan.keeperChosen`, `score`, `reasonsFor`, `reasonsAgainst`, as the run decided them.
  package let keeperChosen: String?
  package let score: String?
  package let reasonsFor: [String]
  package let reasonsAgainst: [String]

  package init(
    key: String, keeper: MergeContact, others: [MergeContact], inboundUnseen: Bool, keeperChosen: String? = nil,
    score: String? = nil, reasonsFor: [String] = [], reasonsAgainst: [String] = []
  ) {
    self.key = key
    self.keeper = keeper
    self.others = others
    self.inboundUnseen = inboundUnseen
    self.keeperChosen = keeperChosen
    self.score = score
    self.reasonsFor = reasonsFor
    self.reasonsAgainst = reasonsAgainst
  }

  /// The plan of the snapshot, the same each time it is made (but for `today`, which dates an
  /// age-based first-met date).
  package func plan(today: CalendarDate = .today()) -> MergePlan {
    var plan = MergePlan(keeper: keeper, others: others, today: today)
    plan.inboundUnseen = inboundUnseen
    plan.keeperChosen = keeperChosen
    plan.score = score
    plan.reasonsFor = reasonsFor
    plan.reasonsAgainst = reasonsAgainst
    return plan
  }

  /// The snapshot as one JSON object, a line of the plans file.
  package var json: JSONValue {
    var object = JSONObject([
      "key": .string(key), "keeper": Self.json(keeper), "others": .array(others.map(Self.json)),
      "inbound_unseen": .bool(inboundUnseen), "reasons_for": .array(reasonsFor.map(JSONValue.string)),
      "reasons_against": .array(reasonsAgainst.map(JSONValue.string)),
    ])
    if let keeperChosen { object["keeper_chosen"] = .string(keeperChosen) }
    if let score { object["score"] = .string(score) }
    return .object(object)
  }

  /// The snapshot of a plans file's line; `nil` when the line is not one.
  package init?(json value: JSONValue) {
    guard let key = value["key"]?.stringValue, let keeper = value["keeper"].flatMap(Self.contact),
      let list = value["others"]?.arrayValue
    else { return nil }
    let others = list.compactMap(Self.contact)
    guard others.count == list.count else { return nil }
    self.init(
      key: key, keeper: keeper, others: others, inboundUnseen: value["inbound_unseen"]?.boolValue ?? false,
      keeperChosen: value["keeper_chosen"]?.stringValue, score: value["score"]?.stringValue,
      reasonsFor: (value["reasons_for"]?.arrayValue ?? []).compactMap(\.stringValue),
      reasonsAgainst: (value["reasons_against"]?.arrayValue ?? []).compactMap(\.stringValue))
  }

  private static func json(_ contact: MergeContact) -> JSONValue {
    let lists = contact.records.keys.sorted().map {
      JSONObject.Member($0, .array((contact.records[$0] ?? []).map(JSONValue.object)))
    }
    return .object(
      JSONObject([
        "record": .object(contact.record), "records": .object(JSONObject(lists)),
        "inbound": .array(contact.inbound.map(JSONValue.object)),
      ]))
  }

  private static func contact(_ value: JSONValue) -> MergeContact? {
    guard let record = value["record"]?.objectValue, let lists = value["records"]?.objectValue else { return nil }
    var contact = MergeContact(record: record)
    contact.replaceRecords(
      Dictionary(
        uniqueKeysWithValues: lists.members.map { ($0.key, ($0.value.arrayValue ?? []).compactMap(\.objectValue)) }))
    contact.inbound = (value["inbound"]?.arrayValue ?? []).compactMap(\.objectValue)
    return contact
  }
}

extension MergeContact {
  /// Replaces every list with those of a snapshot.
  mutating func replaceRecords(_ lists: [String: [JSONObject]]) { records = lists }
}
