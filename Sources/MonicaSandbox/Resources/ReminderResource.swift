import MonicaKit

/// A reminder as the API renders it (app/Http/Resources/Reminder/Reminder.php), for seeding and
/// writing.
enum ReminderResource {
  /// A reminder.
  static func json(
    id: Int, uuid: JSONValue, title: String, description: String?, frequencyType: String, frequencyNumber: Int?,
    initialDate: JSONValue, delible: Bool, contact: JSONValue, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.reminder.object), "title": .string(title),
      "description": .string(description), "frequency_type": .string(frequencyType),
      "frequency_number": frequencyNumber.map(JSONValue.int) ?? .null, "initial_date": initialDate,
      "delible": .bool(delible), "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created,
      "updated_at": updated,
    ])
  }
}

/// One seeded reminder of a contact (most of them its birthday), counted in its statistics.
extension ReminderResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.reminder)
    let made = context.from + 86_400 * context.random.below(200)
    let yearly = context.random.chance(60)
    let record = json(
      id: id, uuid: .string(context.random.uuid()),
      title: yearly ? "Wish happy birthday to \(context.short["first_name"]?.stringValue ?? "")" : "Call back",
      description: context.random.chance(30) ? "Ask about the new flat" : nil,
      frequencyType: yearly ? "year" : context.random.pick(["one_time", "week", "month"]),
      frequencyNumber: 1 + (yearly ? 0 : context.random.below(3)),
      initialDate: context.stamp(
        UTCTime.seconds(
          year: 2021 + context.random.below(3), month: 1 + context.random.below(12),
          day: 1 + context.random.below(28))),
      delible: !yearly, contact: context.short, created: context.stamp(made), updated: context.stamp(made))
    context.put(.reminder, id, record)
    context.statistics["number_of_reminders", default: 0] += 1
  }
}

/// CreateReminder and UpdateReminder (app/Services/Contact/Reminder): the contact must be the
/// account's (CreateReminder.php:44) and active; the update finds the reminder through
/// `contact_id` (UpdateReminder.php:45-48); `delible` is true unless given (Reminder.php:50-52).
extension ReminderResource: WritableResource {
  static let kind = RecordKind.reminder

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    guard let contactID = writer.accountContact(input["contact_id"]) else { return .stop(.notFound) }
    if let existing, existing["contact"]?["id"]?.intValue != contactID { return .stop(.notFound) }
    if writer.isArchived(contactID) { return .stop(StoreWriter.archived) }
    let initial = UTCTime.parseDate(StoreWriter.text(input["initial_date"]) ?? "") ?? writer.now
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), title: StoreWriter.text(input["title"]) ?? "",
        description: StoreWriter.text(input["description"]),
        frequencyType: StoreWriter.text(input["frequency_type"]) ?? "one_time",
        frequencyNumber: input["frequency_number"]?.intValue, initialDate: .string(UTCTime.timestamp(initial)),
        delible: input["delible"].map { StoreWriter.flag($0) } ?? true, contact: writer.short(contactID),
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}
