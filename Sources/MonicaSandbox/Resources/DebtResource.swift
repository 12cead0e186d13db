import MonicaKit

/// A debt as the API renders it (app/Http/Resources/Debt/Debt.php), amounts as Monica renders US
/// dollars in English, for seeding and writing.
enum DebtResource {
  /// A debt of `cents`.
  static func json(
    id: Int, uuid: JSONValue, inDebt: String?, status: String?, cents: Int, reason: String?, contact: JSONValue,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("debt"), "in_debt": .string(inDebt),
      "status": .string(status), "amount": .string(MoneyFormat.decimal(cents)),
      "value": .string(MoneyFormat.pattern(cents)), "amount_with_currency": .string("$" + MoneyFormat.grouped(cents)),
      "reason": .string(reason), "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created,
      "updated_at": updated,
    ])
  }
}
