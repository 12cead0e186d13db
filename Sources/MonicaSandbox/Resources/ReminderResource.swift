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
      "id": .int(id), "uuid": uuid, "object": .string("reminder"), "title": .string(title),
      "description": .string(description), "frequency_type": .string(frequencyType),
      "frequency_number": frequencyNumber.map(JSONValue.int) ?? .null, "initial_date": initialDate,
      "delible": .bool(delible), "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created,
      "updated_at": updated,
    ])
  }
}
