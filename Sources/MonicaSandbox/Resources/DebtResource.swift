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
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.debt.object), "in_debt": .string(inDebt),
      "status": .string(status), "amount": .string(MoneyFormat.decimal(cents)),
      "value": .string(MoneyFormat.pattern(cents)), "amount_with_currency": .string("$" + MoneyFormat.grouped(cents)),
      "reason": .string(reason), "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created,
      "updated_at": updated,
    ])
  }
}

/// One seeded debt of a contact, counted in its statistics.
extension DebtResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.debt)
    let cents = (context.random.below(500) + 1) * 100 + (context.random.chance(50) ? 50 : 0)
    let made = context.from + 86_400 * context.random.below(300)
    let record = json(
      id: id, uuid: .string(context.random.uuid()), inDebt: context.random.pick(["yes", "no"]),
      status: context.random.pick(["inprogress", "completed"]), cents: cents,
      reason: context.random.chance(60) ? context.random.pick(["Concert tickets", "Lunch", "Train fare"]) : nil,
      contact: context.short, created: context.stamp(made), updated: context.stamp(made))
    context.put(.debt, id, record)
    context.statistics["number_of_debts", default: 0] += 1
  }
}

/// ApiDebtController::store and update (ApiDebtController.php:115-145): the model is written from
/// the request; an unknown contact is a 404.
extension DebtResource: WritableResource {
  static let kind = RecordKind.debt

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    guard let contactID = writer.accountContact(input["contact_id"]) else { return .stop(.notFound) }
    let amount = StoreWriter.text(input["amount"]).flatMap(Double.init) ?? 0
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), inDebt: StoreWriter.text(input["in_debt"]),
        status: StoreWriter.text(input["status"]), cents: Int((amount * 100).rounded()),
        reason: StoreWriter.text(input["reason"]), contact: writer.short(contactID),
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}
