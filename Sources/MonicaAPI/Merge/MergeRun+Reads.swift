import MonicaKit

/// What a merge reads besides the contacts: a merged contact's lists, the account-wide lists, the
/// relationships held to a contact, and the keeper's records read back.
extension MergeRun {
  /// Reads what a merged contact owns: each kind's list.
  mutating func read(_ record: JSONObject) async throws(MonicaError) -> MergeContact {
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
  mutating func readAgain(_ contact: inout MergeContact) async throws(MonicaError) {
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
  func counted(_ keeper: MergeContact) async throws(MonicaError) -> MergeContact {
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
  func relationships(of id: Int) async throws(MonicaError) -> [JSONObject] {
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
  func readBack(_ plan: MergePlan) async throws(MonicaError) -> [String: [JSONObject]] {
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
}
