import Foundation
import MonicaKit

/// `monica-fetch --all`: every record of the account, each once, every record after the records
/// it refers to (the catalogue's `dependencyOrder`), in the fewest requests the API allows.
///
/// Contacts take four steps, as Monica's routes leave no single one that has them all:
/// - the plain list with `with=contactfields`: the active, real contacts, whole, with their
///   contact fields (ApiContactController.php:67-70 `real()->active()`; Contact.php:22 reads `with`);
/// - a search for `%`, which every first name is LIKE: search skips `active()`, so its pages
///   name the archived contacts too (ApiContactController.php:47-53, app/Traits/Searchable.php:59-70);
///   its records are cut down (Searchable.php:41-43 selects a few columns) and are not written;
/// - each archived contact by id, whole;
/// - each partial contact by id: neither list has them (`real()`), but the contacts they are
///   related to name them in `information.relationships`.
/// Contact fields come from the contacts' `contactFields`, so they cost no request; relationships
/// are read per contact (the only route), for the contacts that have some and the partial ones.
final class AccountWalk {
  private let session: FetchSession
  private let tool: String
  /// Records written per kind, in the order kinds were walked.
  private var counts: [(kind: RecordKind, count: Int)] = []
  /// The contacts written, in order, and what the walk learnt from them.
  private var contactIDs: [Int] = []
  private var seen: Set<Int> = []
  private var archived = 0
  private var partial: [Int] = []
  private var related: [Int] = []
  private var withRelationships: [Int] = []
  private var fields: [(contact: Int, fields: [JSONValue]?)] = []

  init(session: FetchSession, tool: String) {
    self.session = session
    self.tool = tool
  }

  /// Walks every kind, then writes the summary (unless quiet).
  func run(quiet: Bool) async throws(MonicaError) {
    for kind in RecordKind.dependencyOrder {
      let before = session.written
      session.startKind(kind.name)
      do {
        try await walk(kind)
      } catch .notFound(let what) where session.written == before {
        warn("\(kind.name): skipped, the instance has no such route (\(what))")
        continue
      }
      counts.append((kind, session.written - before))
    }
    if !quiet { summary() }
  }

  private func walk(_ kind: RecordKind) async throws(MonicaError) {
    if kind.routes.contains(.single) {
      try await session.one(kind.path, query: [], what: "the \(kind.singular)")
    } else if kind == .contact {
      try await contacts()
    } else if kind == .contactField {
      try await contactFields(kind)
    } else if kind.routes.contains(.list) {
      try await session.listing(kind.path, query: [], what: kind.name)
    } else if kind.routes.contains(.nested) {
      let owners = kind == .relationship ? withRelationships + partial : contactIDs
      for id in owners {
        try await session.listing(kind.path(ofContact: id), query: [], what: "\(kind.name) of contact #\(id)")
      }
    }
  }

  private func contacts() async throws(MonicaError) {
    let with = [RecordKind.withContactFields]
    let contacts = RecordKind.contact
    try await session.listing(contacts.path, query: with, what: contacts.name) { self.note($0) }
    var found: [Int] = []
    try await session.listing(contacts.path, query: [("query", "%")], what: "\(contacts.name) (search)", write: false) {
      if let id = $0["id"]?.intValue, !self.seen.contains(id) { found.append(id) }
    }
    for id in found where !seen.contains(id) {
      archived += 1
      try await session.one(contacts.path(of: id), query: with, what: "\(contacts.singular) #\(id)") { self.note($0) }
    }
    for id in related where !seen.contains(id) {
      partial.append(id)
      try await session.one(contacts.path(of: id), query: with, what: "\(contacts.singular) #\(id)") { self.note($0) }
    }
  }

  /// Learns from a contact written: its id, its contact fields, the contacts it is related to.
  private func note(_ contact: JSONValue) {
    guard let id = contact["id"]?.intValue, seen.insert(id).inserted else { return }
    contactIDs.append(id)
    let isPartial = contact["is_partial"]?.boolValue == true
    fields.append((id, isPartial ? [] : contact["contactFields"]?.arrayValue))
    guard case .object(let groups)? = contact["information"]?["relationships"] else { return }
    var total = 0
    for group in groups.members {
      total += group.value["total"]?.intValue ?? 0
      for element in group.value["contacts"]?.arrayValue ?? [] {
        if let other = element["contact"]?["id"]?.intValue, !related.contains(other) { related.append(other) }
      }
    }
    if total > 0 { withRelationships.append(id) }
  }

  /// Each contact's fields, as the contact lists gave them, in Monica's wire form; a contact
  /// whose answer had none (an instance that ignores `with`) is asked by its route.
  private func contactFields(_ kind: RecordKind) async throws(MonicaError) {
    for (contact, given) in fields {
      if let given {
        for field in given { try session.writeValue(field) }
      } else {
        try await session.listing(
          kind.path(ofContact: contact), query: [], what: "\(kind.name) of contact #\(contact)")
      }
    }
  }

  private func summary() {
    let total = counts.reduce(0) { $0 + $1.count }
    session.diagnostics("\(tool): \(total) records of \(counts.count) kinds")
    for (kind, count) in counts {
      var line = "\(tool):   \(kind.name) \(count)"
      if kind == .contact { line += " (\(archived) archived, \(partial.count) partial)" }
      session.diagnostics(line)
    }
  }

  private func warn(_ text: String) { session.diagnostics("\(tool): warning: \(text)") }
}
