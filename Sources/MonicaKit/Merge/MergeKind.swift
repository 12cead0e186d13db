/// How a record of a merged contact comes to belong to the keeper.
package enum MergeMove: Sendable, Equatable {
  /// The kind's update route takes `contact_id` and writes it: one `PUT` moves the record.
  case update
  /// An activity: its update replaces the whole list of attendees (`contacts`), so the merged
  /// contact is swapped for the keeper in that list.
  case attendees
  /// The update route finds the record through its contact and never changes it: the record is
  /// made again on the keeper, then the original is deleted.
  case recreate
}

/// One kind of record a contact owns that `monica-merge` carries to the keeper: where one
/// contact's records are listed and how they move, as Monica v4.1.2's services decide.
package struct MergeKind: Sendable, Equatable {
  /// The record's `object`: `note`, `task`...
  package let object: String
  /// The per-contact list below `/api/contacts/{id}`: `/notes`; `nil` when the contact record
  /// read `with=contactfields` holds them already (contact fields, addresses).
  package let list: String?
  /// How a record moves.
  package let move: MergeMove
  /// The key of the contact's `statistics` that counts these records (Monica counts them live,
  /// ContactBase.php:92-100): a merged contact's list is not read when it is 0, and the keeper's
  /// count is checked when it is read back. `nil` for the kinds with no count (pets), and for
  /// calls, reminders and debts, whose counts monica-sandbox does not yet keep up to date.
  package let statistic: String?
  /// Where Monica's source says how the update treats `contact_id`.
  package let source: String

  /// The kinds in the order they are moved: those moved by update first, then those made again.
  package static let all: [MergeKind] = [
    MergeKind(
      object: "contactfield", list: nil, move: .update, statistic: nil,
      source: "UpdateContactField.php:52-53 writes contact_id"),
    MergeKind(
      object: "note", list: "/notes", move: .update, statistic: "number_of_notes",
      source: "ApiNoteController.php:105 writes contact_id"),
    MergeKind(
      object: "gift", list: "/gifts", move: .update, statistic: "number_of_gifts",
      source: "UpdateGift.php:65 writes contact_id"),
    MergeKind(
      object: "debt", list: "/debts", move: .update, statistic: nil,
      source: "ApiDebtController.php:101 writes contact_id"),
    MergeKind(
      object: "pet", list: "/pets", move: .update, statistic: nil,
      source: "ApiPetController.php:100 writes contact_id"),
    MergeKind(
      object: "activity", list: "/activities", move: .attendees, statistic: "number_of_activities",
      source: "UpdateActivity.php:46,88 sets the attendees from contacts"),
    MergeKind(
      object: "task", list: "/tasks", move: .recreate, statistic: "number_of_tasks",
      source: "UpdateTask.php:80-98 finds the task through contact_id and never changes it"),
    MergeKind(
      object: "reminder", list: "/reminders", move: .recreate, statistic: nil,
      source: "UpdateReminder.php:45-48 finds the reminder through contact_id and never changes it"),
    MergeKind(
      object: "call", list: "/calls", move: .recreate, statistic: nil,
      source: "UpdateCall.php:44-48 never changes the contact"),
    MergeKind(
      object: "address", list: nil, move: .recreate, statistic: nil,
      source: "UpdateAddress.php:48-50 finds the address through contact_id and never changes it"),
  ]

  /// The kind of `object`, if monica-merge moves it.
  package static func named(_ object: String) -> MergeKind? { all.first { $0.object == object } }

  /// Records a contact owns that monica-merge does not move: a merged contact that holds any is
  /// left in place (not deleted), with a note naming its keeper, so that nothing is lost.
  /// Life events have no per-contact list (routes/api.php:128): `nil`, counted from the
  /// account's list, read once per run.
  package static let unmoved: [(object: String, list: String?)] = [
    ("photo", "/photos"), ("document", "/documents"), ("conversation", "/conversations"), ("lifeevent", nil),
  ]
}
