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
  /// The kind in the catalogue.
  package let recordKind: RecordKind
  /// The record's `object`: `note`, `task`...
  package let object: String
  /// The per-contact list below `/api/contacts/{id}`: `/notes`; `nil` when the contact record
  /// read `with=contactfields` holds them already (contact fields, addresses), or when only the
  /// account's list has them (`accountList`).
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
  /// The account's list that holds the kind when no list below the contact does (life events,
  /// routes/api.php:128): read once, and a contact's records picked by their `contact.id`.
  package let accountList: String?

  /// A kind as the catalogue names it: `listed` when its records are listed below the contact
  /// (`/contacts/{id}/<kind's path>`), `accountListed` when only the account's list has them.
  init(
    _ kind: RecordKind, listed: Bool, move: MergeMove, statistic: String?, source: String, accountListed: Bool = false
  ) {
    recordKind = kind
    object = kind.object
    list = listed ? kind.path : nil
    self.move = move
    self.statistic = statistic
    self.source = source
    accountList = accountListed ? kind.path : nil
  }

  /// The kinds in the order they are moved: those moved by update first, then those made again.
  package static let all: [MergeKind] = [
    MergeKind(
      .contactField, listed: false, move: .update, statistic: nil,
      source: "UpdateContactField.php:52-53 writes contact_id"),
    MergeKind(
      .note, listed: true, move: .update, statistic: "number_of_notes",
      source: "ApiNoteController.php:105 writes contact_id"),
    MergeKind(
      .gift, listed: true, move: .update, statistic: "number_of_gifts",
      source: "UpdateGift.php:65 writes contact_id"),
    MergeKind(
      .debt, listed: true, move: .update, statistic: nil,
      source: "ApiDebtController.php:101 writes contact_id"),
    MergeKind(
      .pet, listed: true, move: .update, statistic: nil,
      source: "ApiPetController.php:100 writes contact_id"),
    MergeKind(
      .activity, listed: true, move: .attendees, statistic: "number_of_activities",
      source: "UpdateActivity.php:46,88 sets the attendees from contacts"),
    MergeKind(
      .task, listed: true, move: .recreate, statistic: "number_of_tasks",
      source: "UpdateTask.php:80-98 finds the task through contact_id and never changes it"),
    MergeKind(
      .reminder, listed: true, move: .recreate, statistic: nil,
      source: "UpdateReminder.php:45-48 finds the reminder through contact_id and never changes it"),
    MergeKind(
      .call, listed: true, move: .recreate, statistic: nil,
      source: "UpdateCall.php:44-48 never changes the contact"),
    MergeKind(
      .address, listed: false, move: .recreate, statistic: nil,
      source: "UpdateAddress.php:48-50 finds the address through contact_id and never changes it"),
    MergeKind(
      .lifeEvent, listed: false, move: .recreate, statistic: nil,
      source: "UpdateLifeEvent.php:47-52 writes the type, date, name and note, never contact_id", accountListed: true),
    MergeKind(
      .conversation, listed: true, move: .recreate, statistic: nil,
      source: "UpdateConversation.php:50-53 writes the date and type, never contact_id; its messages go with it"),
    MergeKind(
      .relationship, listed: true, move: .recreate, statistic: nil,
      source: "UpdateRelationship.php:63-65 writes the type only; CreateRelationship.php:51-55 makes the reverse row"),
    MergeKind(
      .photo, listed: true, move: .recreate, statistic: nil,
      source: "routes/api.php:136 has no photo update; the bytes are the record's dataUrl"),
    MergeKind(
      .document, listed: true, move: .recreate, statistic: nil,
      source: "routes/api.php:131 has no document update; the bytes are downloaded from its link"),
  ]

  /// The kind of `object`, if monica-merge moves it.
  package static func named(_ object: String) -> MergeKind? { all.first { $0.object == object } }
}
