import MonicaKit

/// A gift as the API renders it (app/Http/Resources/Gift/Gift.php), for seeding and writing.
enum GiftResource {
  /// A gift record (GiftResource), with amounts as Monica renders US dollars in English.
  static func json(
    id: Int, uuid: String, name: String, comment: String?, url: String?, cents: Int?, status: String, date: String?,
    recipient: JSONValue, contact: JSONValue, created: Int, updated: Int? = nil
  ) -> JSONObject {
    let amount = cents.map { MoneyFormat.decimal($0) }
    return JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string("gift"), "name": .string(name),
      "comment": .string(comment), "url": .string(url), "amount": .string(amount),
      "value": .string(cents.map { MoneyFormat.pattern($0) } ?? ""),
      "amount_with_currency": .string(cents.map { "$" + MoneyFormat.grouped($0) } ?? ""),
      "status": .string(status), "date": .string(date), "recipient": recipient, "photos": .array([]),
      "contact": contact, "account": RecordShapes.accountJSON(1), "created_at": .string(UTCTime.timestamp(created)),
      "updated_at": .string(UTCTime.timestamp(updated ?? created)),
    ])
  }
}
