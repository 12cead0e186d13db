import Foundation
import MonicaKit

/// What monica-remind reads from the instance in one run, whatever the number of occurrences:
/// one paged walk of `/api/reminders`, one of `/api/contacts`, and `/api/me` for the account's
/// time zone when the day is not given. Records are taken apart as they arrive: only what
/// occurrences are made of is held (a contact without a birthday or a day of death is dropped).
final class RemindReader {
  private let client: MonicaClient
  private let cache: ResponseCache
  private let progress: FetchProgress
  private let tool: String
  private var pageSize = 100
  private var warnedPageSize = false

  init(client: MonicaClient, cache: ResponseCache, progress: FetchProgress, tool: String) {
    self.client = client
    self.cache = cache
    self.progress = progress
    self.tool = tool
  }

  /// The signed-in user's `timezone` (app/Http/Resources/Account/User/User.php), `nil` when
  /// the account has none.
  func timeZone() async throws(MonicaError) -> String? {
    let path = RecordKind.user.path
    let what = "the signed-in user"
    let client = self.client
    let envelope = try await cache.answer(path, [], what: what, target: "/api" + path) {
      () async throws(MonicaError) -> HTTPResponse in
      try await client.get(path, query: [], what: what)
    }
    var zone: String?
    envelope.forEachRecord { record in
      zone = (try? JSONValue(parsing: record))?["timezone"]?.stringValue
      return false
    }
    return zone
  }

  /// Every reminder of the account, and why any record was left out.
  func reminders() async throws(MonicaError) -> (reminders: [RemindReminder], refused: [String]) {
    var reminders: [RemindReminder] = []
    var refused: [String] = []
    try await walk(RecordKind.reminder) { record in
      guard record["object"]?.stringValue == RecordKind.reminder.object else {
        refused.append("a record that is not a reminder in the reminders listing")
        return
      }
      switch RemindReminder.parse(record) {
      case .success(let reminder): reminders.append(reminder)
      case .failure(let refusal): refused.append(refusal.reason)
      }
    }
    return (reminders, refused)
  }

  /// The account's contacts with a birthday or a day of death (the plain list: neither partial
  /// nor archived ones, ApiContactController.php:67-70).
  func contacts() async throws(MonicaError) -> [RemindContact] {
    var contacts: [String: RemindContact] = [:]
    try await walk(RecordKind.contact) { record in
      guard record["object"]?.stringValue == RecordKind.contact.object, let contact = RemindContact(record),
        contact.birthdate != nil || contact.deceasedDate != nil
      else { return }
      // A record met twice (the listing moved during the walk) is one contact.
      contacts[contact.uuid] = contact
    }
    return contacts.values.sorted { $0.id < $1.id }
  }

  private func walk(_ kind: RecordKind, _ take: (JSONValue) -> Void) async throws(MonicaError) {
    var walker = PageWalker(client: client, path: kind.path, query: [], what: kind.name)
    walker.cache = cache
    let tool = self.tool
    let what = kind.name
    walker.totalMoved = { before, now in
      StandardError.line(
        "\(tool): warning: \(what) changed while they were read (\(before) when the walk began, \(now) now); "
          + "the newest page count was followed")
    }
    var count = 0
    let progress = self.progress
    pageSize = try await walker.walk(pageSize: pageSize, lowered: warnLowered) { (page) throws(MonicaError) in
      page.envelope.forEachRecord { bytes in
        count += 1
        if let record = try? JSONValue(parsing: bytes) { take(record) }
        return true
      }
      progress.update(
        FetchProgress.State(
          label: what, count: count, total: page.envelope.total, overall: nil, page: page.number,
          lastPage: page.lastPage, part: nil))
      return true
    }
  }

  private func warnLowered(_ asked: Int, _ used: Int) {
    guard !warnedPageSize else { return }
    warnedPageSize = true
    StandardError.line(
      "\(tool): warning: the instance refuses \(asked) records per page (Monica error 30); using \(used)")
  }
}
