import MonicaKit

/// Places: a place that is one of the stream's addresses' is made again by that address's
/// create, and is not created on its own.
enum PlaceStep: MigrationStep {
  static func isMadeByOthers(_ line: MigrationLine, in migration: Migration) -> Bool {
    migration.takenByAddress(line.record)
  }
}

extension Migration {
  /// Whether the place is the place of one of the stream's addresses, which `CreateAddress` makes
  /// again on the target (app/Services/Contact/Address/CreateAddress.php:50-58,90): creating it as
  /// well would make it twice. Each address accounts for one place of its content.
  func takenByAddress(_ record: JSONObject) -> Bool {
    let key = Self.placeKey(JSONValue.object(record))
    guard let count = addressPlaces[key], count > 0 else { return false }
    addressPlaces[key] = count - 1
    return true
  }

  /// The place content of a line when it is an address (`"object":"address"`), else `nil`; lines
  /// that cannot hold one are passed over without being parsed.
  static func addressPlace(_ bytes: [UInt8]) -> String? {
    let address = RecordKind.address.object
    guard contains(bytes, Array("\"\(address)\"".utf8)), case .object(let record)? = try? JSONValue(parsing: bytes),
      record["object"]?.stringValue == address
    else { return nil }
    return placeKey(.object(record))
  }

  /// What an address and its place share: the parts of the address and the country's code.
  static func placeKey(_ record: JSONValue) -> String {
    let parts = ["street", "city", "province", "postal_code", "latitude", "longitude"].map { key in
      record[key].map { $0 == .null ? "" : ($0.stringValue ?? JSONWriter.plain.string($0)) } ?? ""
    }
    return (parts + [record["country"]?["id"]?.stringValue ?? ""]).joined(separator: "\u{1F}")
  }

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, haystack.count >= needle.count else { return false }
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}
