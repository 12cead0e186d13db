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
      var fileCard: SyncCard?
      if let file {
        switch file.card {
        case .success(let card): fileCard = card
        case .failure(let problem):
          warn("\(directory)/\(entry.file): \(problem.reason); left alone")
          continue
        }
      }
      if case .creating(let key) = entry.state {
        try await resumeCreate(entry, key: key, file: file, card: fileCard)
        continue
      }
      guard let id = entry.contact else { continue }
      let contact = contacts[id]
      let fileSide: SyncDecision.File
      if let file, let fileCard {
        fileSide = file.etag == entry.etag || fileCard.hash == entry.fileHash ? .unchanged : .changed
      } else {
        fileSide = .gone
      }
      let monicaSide: SyncDecision.Monica
      if let contact {
        monicaSide = contact.card.hash == entry.monicaHash ? .unchanged : .changed
      } else {
        monicaSide = try await isDeleted(id) ? .deleted : .archived
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
      guard let file, let card, let contact, !options.dryRun else { return }
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
      summary.pulled += 1
      guard !options.dryRun else { return }
      try writeFile(entry.file, contact: contact, over: card, basePhoto: Self.photoGroup(entry.groups), uid: nil)
    case .restore:
      guard let contact else { return }
      try say("restore", entry.file, uuid, "deleted in the vdir; written back from Monica")
      summary.written += 1
      guard !options.dryRun else { return }
      warn(
        "\(directory)/\(entry.file): deleted in the vdir, written back from Monica (--propagate-deletes deletes the "
          + "contact instead)")
      try writeFile(entry.file, contact: contact, over: nil, basePhoto: nil, uid: entry.uid)
    case .push:
      guard let card, let file, let contact else { return }
      let changed = card.values.changedGroups(since: entry.groups, photo: card.photo)
      try say("push", entry.file, uuid, Self.names(changed))
      summary.pushed += 1
      guard !options.dryRun else { return }
      try await push(entry, file: file, card: card, contact: contact)
    case .delete:
      guard let id = entry.contact else { return }
      try say("delete", entry.file, uuid, "the file was deleted")
      summary.deleted += 1
      guard !options.dryRun else { return }
      try await deleteContact(id)
      try status?.forget([entry.file])
    case .remove:
      try say("remove", entry.file, uuid, "the contact was deleted in Monica")
      summary.removed += 1
      guard !options.dryRun else { return }
      if file != nil { try SecureFiles.remove(directory + "/" + entry.file) }
      try status?.forget([entry.file])
    case .forget:
      guard !options.dryRun else { return }
      try status?.forget([entry.file])
    case .create:
      // A changed file whose contact was deleted, settled for the vdir: made again.
      guard let file, let card else { return }
      try say("create", entry.file, uuid, "the contact was deleted in Monica; made again from the file")
      summary.created += 1
      guard !options.dryRun else { return }
      try await create(file: file, card: card, key: nil)
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
      guard case .success(let card) = file.card else {
        if case .failure(let problem) = file.card { warn("\(directory)/\(file.name): \(problem.reason); left alone") }
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
        summary.created += 1
        if !options.dryRun { try await create(file: file, card: card, key: nil) }
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
      summary.written += 1
      guard !options.dryRun else { continue }
      try writeFile(name, contact: contact, over: nil, basePhoto: nil, uid: nil)
    }
  }
}
