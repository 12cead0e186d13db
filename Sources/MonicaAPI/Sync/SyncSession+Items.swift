import Foundation
import MonicaKit

/// Each item decided and carried out: those the status knows, then those new on either side
/// (a new file paired by its UID or the identity judgement, else a new contact; a new contact
/// written to a new file).
extension SyncSession {
  // MARK: items the status knows

  func syncKnown(_ entries: [String: SyncStatusFile.Entry]) async throws(MonicaError) {
    for entry in entries.values.sorted(by: { $0.file < $1.file }) {
      let file = files[entry.file]
      // Unread when the status has its etag: unchanged.
      var fileCard: SyncCard?
      if let file, let read = file.card {
        switch read {
        case .success(let card): fileCard = card
        case .failure(let problem):
          warn("\(directory)/\(entry.file): \(problem.reason); left alone")
          continue
        }
      }
      if case .creating(let key) = entry.state {
        _ = try await refusable(entry.file, uid: entry.uid, before: entry, contact: nil) {
          () async throws(MonicaError) in try await resumeCreate(entry, key: key, file: file, card: fileCard)
        }
        continue
      }
      guard let id = entry.contact else { continue }
      let contact = contacts[id]
      let fileSide: SyncDecision.File
      if let file {
        fileSide = file.etag == entry.etag || fileCard?.hash == entry.fileHash ? .unchanged : .changed
      } else {
        fileSide = .gone
      }
      let monicaSide: SyncDecision.Monica
      if let contact {
        monicaSide = contact.card.hash == entry.monicaHash ? .unchanged : .changed
      } else {
        monicaSide = try await isDeleted(id) ? .deleted : .archived
      }
      if let file, fileCard == nil, monicaSide == .changed {
        // Its contact changed: the file it is merged onto is read now.
        switch card(of: file) {
        case .success(let card): fileCard = card
        case .failure(let problem):
          warn("\(directory)/\(entry.file): \(problem.reason); left alone")
          continue
        }
      }
      let same = fileCard != nil && contact != nil && fileCard?.values == contact?.card.values
      let sides = SyncDecision.Sides(file: fileSide, monica: monicaSide, same: same, resuming: entry.state == .pushing)
      let action = SyncDecision.decide(sides, prefer: options.prefer, propagateDeletes: options.propagateDeletes)
      try await carry(action, entry: entry, file: file, card: fileCard, contact: contact)
    }
  }

  /// Carries out one item's decision and records it.
  private func carry(
    _ action: SyncDecision.Action, entry: SyncStatusFile.Entry, file: SyncFile?, card: SyncCard?, contact: SyncContact?
  ) async throws(MonicaError) {
    let uuid = contact?.uuid ?? entry.uuid ?? "-"
    switch action {
    case .nothing, .keep:
      // In step: a new etag (a touch, a rewrite to the same content) or updated_at is recorded.
      guard let file, let contact, !options.dryRun else { return }
      guard let card else {
        // Not read: the file is as the status has it, and so is the contact's card.
        if contact.updatedAt != entry.updatedAt {
          var now = entry
          now.updatedAt = contact.updatedAt
          try status?.record([now], durable: false)
        }
        return
      }
      if file.etag != entry.etag || contact.updatedAt != entry.updatedAt || contact.card.hash != entry.monicaHash {
        try status?.record([inStep(entry.file, card: card, etag: file.etag, contact: contact)], durable: false)
      }
      noteUnsynced(entry, card: card, contact: contact)
    case .record:
      guard let file, let card, let contact else { return }
      try say("record", entry.file, uuid, "both sides hold the same values")
      guard !options.dryRun else { return }
      try status?.record([inStep(entry.file, card: card, etag: file.etag, contact: contact)])
      noteUnsynced(entry, card: card, contact: contact)
    case .pull:
      guard let contact else { return }
      let changed = contact.card.values.changedGroups(since: entry.groups, photo: contact.card.photo)
      try say("pull", entry.file, uuid, Self.names(changed))
      if !options.dryRun {
        // A file changed too (a conflict settled for Monica) takes every group from Monica;
        // else a value of a group Monica left as it was stays in the file (`CardMerge`).
        let fileChanged = card.map { $0.hash != entry.fileHash } ?? false
        try writeFile(
          entry.file, contact: contact, over: card, basePhoto: Self.photoGroup(entry.groups), uid: nil,
          monicaUnchanged: fileChanged ? nil : Set(SyncedCard.Group.allCases).subtracting(changed))
      }
      summary.pulled += 1
    case .restore:
      guard let contact else { return }
      try say("restore", entry.file, uuid, "deleted in the vdir; written back from Monica")
      if !options.dryRun {
        warn(
          "\(directory)/\(entry.file): deleted in the vdir, written back from Monica (--propagate-deletes deletes the "
            + "contact instead)")
        try writeFile(entry.file, contact: contact, over: nil, basePhoto: nil, uid: entry.uid)
      }
      summary.written += 1
    case .push:
      guard let card, let file, let contact else { return }
      let changed = card.values.changedGroups(since: entry.groups, photo: card.photo)
      try say("push", entry.file, uuid, Self.names(changed))
      if !options.dryRun {
        let done = try await refusable(
          entry.file, uid: entry.uid, before: status?.entry(file: entry.file), contact: contact.id
        ) {
          () async throws(MonicaError) in try await push(entry, file: file, card: card, contact: contact)
        }
        guard done else { return }
      }
      summary.pushed += 1
    case .delete:
      guard let id = entry.contact else { return }
      try say("delete", entry.file, uuid, "the file was deleted")
      if !options.dryRun {
        try await deleteContact(id)
        try status?.forget([entry.file])
      }
      summary.deleted += 1
    case .remove:
      try say("remove", entry.file, uuid, "the contact was deleted in Monica")
      if !options.dryRun {
        if file != nil { try SecureFiles.remove(directory + "/" + entry.file) }
        try status?.forget([entry.file])
      }
      summary.removed += 1
    case .forget:
      guard !options.dryRun else { return }
      try status?.forget([entry.file])
    case .create:
      // A changed file whose contact was deleted, settled for the vdir: made again.
      guard let file, let card else { return }
      try say("create", entry.file, uuid, "the contact was deleted in Monica; made again from the file")
      if !options.dryRun {
        let done = try await refusable(
          entry.file, uid: card.uid ?? "", before: status?.entry(file: entry.file), contact: nil
        ) {
          () async throws(MonicaError) in try await create(file: file, card: card, key: nil)
        }
        guard done else { return }
      }
      summary.created += 1
    case .write:
      return
    case .conflict(let kind):
      summary.conflicts += 1
      try say("conflict", entry.file, uuid, kind.rawValue)
      let fileChanges = card.map { Self.names($0.values.changedGroups(since: entry.groups, photo: $0.photo)) }
      let monicaChanges = contact.map {
        Self.names($0.card.values.changedGroups(since: entry.groups, photo: $0.card.photo))
      }
      switch kind {
      case .changedDeleted:
        warn(
          "conflict: \(directory)/\(entry.file) (contact \(uuid)): changed in the file (\(fileChanges ?? "-")), "
            + "deleted in Monica; both left as they are")
      default:
        warn(
          "conflict: \(directory)/\(entry.file) (contact \(uuid)): changed in the file (\(fileChanges ?? "-")) and "
            + "in Monica (\(monicaChanges ?? "-")); both left as they are")
      }
    }
  }

  /// Carries out one item's writes (`body`); a definite refusal of the item (Monica's 422, or a
  /// value refused here before its request) is said, naming the file and the reason, counted,
  /// and `false` is returned: the run goes on with the other items and ends 65. Any other error
  /// (5xx, 429, a time-out) stops the run, which resumes the item next time.
  ///
  /// The item's status entry is put back as it was before the attempt (`before`, or none) when
  /// it has no contact yet. When it has one (`contact`, or the one its create made, as the
  /// journal says), the writes before the refused one stay in Monica: the entry keeps the file's
  /// side as it was and takes Monica's as it is now (one read), so that the next run pushes the
  /// rest again, and is refused again until the file is corrected, rather than taking the item
  /// for a change on both sides; a contact made is paired with its file, never made again.
  func refusable(
    _ file: String, uid: String, before: SyncStatusFile.Entry?, contact: Int?,
    _ body: () async throws(MonicaError) -> Void
  ) async throws(MonicaError) -> Bool {
    do {
      try await body()
      return true
    } catch {
      guard let reason = Self.refusal(error) else { throw error }
      summary.refused += 1
      warn("\(directory)/\(file): refused: \(reason); left as it is")
      var id = contact
      if id == nil, let now = status?.entry(file: file), case .creating(let key) = now.state {
        id = journal?.target(of: RecordKind.contact.object, source: key)
      }
      guard let id else {
        if let before { try status?.record([before]) } else { try status?.forget([file]) }
        return false
      }
      // The file's side as it was last in step: a file whose contact was being made never was
      // (its `creating` entry holds the file's etag now, which would make the file unchanged).
      var last = before
      if case .creating = before?.state { last = nil }
      let now = try await read(id)
      try status?.record([
        SyncStatusFile.Entry(
          file: file, uid: before.map(\.uid).flatMap { $0.isEmpty ? nil : $0 } ?? uid, uuid: now.uuid, contact: id,
          etag: last?.etag, fileHash: last?.fileHash, updatedAt: now.updatedAt, monicaHash: now.card.hash,
          groups: now.card.groupHashes(photo: now.card.photo), unsynced: last?.unsynced)
      ])
      contacts[id] = now
      if contact == nil { made.insert(id) }
      return false
    }
  }

  /// Why Monica refused an item, or a check refused it before its request; `nil` for an error
  /// that is not a definite refusal.
  static func refusal(_ error: MonicaError) -> String? {
    switch error {
    case .malformedInput(_, _, let reason): reason
    case .rejected(let request, let messages): "\(request): \(messages.joined(separator: "; "))"
    case .invalidData(let text): text
    default: nil
    }
  }

  // MARK: items new on either side

  func syncNew(_ entries: [String: SyncStatusFile.Entry]) async throws(MonicaError) {
    var paired = Set(entries.values.compactMap(\.contact))
    var byUUID: [String: Int] = [:]
    for contact in contacts.values where !paired.contains(contact.id) { byUUID[contact.uuid.lowercased()] = contact.id }
    var index = IdentityIndex<Int>()
    for contact in contacts.values.sorted(by: { $0.id < $1.id }) where !paired.contains(contact.id) {
      index.add(Person(contact: JSONValue.object(contact.record)), as: contact.id)
    }
    for file in files.values.sorted(by: { $0.name < $1.name }) where entries[file.name] == nil {
      let card: SyncCard
      switch self.card(of: file) {
      case .success(let read): card = read
      case .failure(let problem):
        warn("\(directory)/\(file.name): \(problem.reason); left alone")
        continue
      }
      var match: Int?
      if let uid = card.uid?.lowercased() {
        let bare = uid.hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
        match = byUUID[bare]
        if match == nil, let other = entries.values.first(where: { $0.uuid?.lowercased() == bare }) {
          // A copy of a synced file (its UID is a contact's that has its file): never a second contact.
          warn("\(directory)/\(file.name): its UID is the contact of \(other.file) already; left alone")
          continue
        }
      }
      if match == nil, case .one(let found) = index.identify(Person(card: card.content)),
        found.judgement.score >= IdentityJudgement.almostCertain, !paired.contains(found.key)
      {
        match = found.key
      }
      guard let id = match, let contact = contacts[id] else {
        try say("create", file.name, "-", "a new file")
        if !options.dryRun {
          let done = try await refusable(file.name, uid: card.uid ?? "", before: nil, contact: nil) {
            () async throws(MonicaError) in try await create(file: file, card: card, key: nil)
          }
          guard done else { continue }
        }
        summary.created += 1
        continue
      }
      paired.insert(id)
      // A file and a contact new on both sides, one person: in step when their values are.
      let sides = SyncDecision.Sides(file: .new, monica: .new, same: card.values == contact.card.values)
      let action = SyncDecision.decide(sides, prefer: options.prefer, propagateDeletes: options.propagateDeletes)
      let entry = SyncStatusFile.Entry(
        file: file.name, uid: card.uid ?? "", uuid: contact.uuid, contact: contact.id, etag: file.etag,
        fileHash: card.hash)
      try await carry(action, entry: entry, file: file, card: card, contact: contact)
    }
    // Contacts made from new files above have their files already.
    paired.formUnion(made)
    for contact in contacts.values.sorted(by: { $0.id < $1.id }) where !paired.contains(contact.id) {
      var name = VdirName.fileName(uid: contact.uuid, fileExtension: "vcf")
      var occurrence = 1
      while files[name] != nil || FileManager.default.fileExists(atPath: directory + "/" + name) {
        occurrence += 1
        name = VdirName.fileName(uid: contact.uuid, occurrence: occurrence, fileExtension: "vcf")
      }
      try say("write", name, contact.uuid, "a new contact")
      if !options.dryRun { try writeFile(name, contact: contact, over: nil, basePhoto: nil, uid: nil) }
      summary.written += 1
    }
  }
}
