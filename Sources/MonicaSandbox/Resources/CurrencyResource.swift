import MonicaKit

/// A currency as `/api/currencies` lists it and the user embeds it
/// (app/Http/Resources/Settings/Currency/Currency.php:20-26).
enum CurrencyResource {
  /// A currency of ISO code `iso`.
  static func json(id: Int, iso: String, name: String, symbol: String) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string(RecordKind.currency.object), "iso": .string(iso), "name": .string(name),
      "symbol": .string(symbol),
    ])
  }
}
