import MonicaKit

/// A file sent with a write: a photo's or a document's bytes and name.
typealias Upload = (bytes: [UInt8], filename: String)

/// What Monica's service makes of a valid create or update: the record to store, or the answer
/// that stops the write before anything is stored (a look-up's 404, an archived contact's 422, a
/// PHP error's 500).
enum Made {
  case record(JSONObject)
  case stop(APIResponse)
}

/// A kind the sandbox writes, as its resource (Resources/<Kind>Resource.swift, beside the kind's
/// JSON shape) says: what Monica's service makes of a request that passed its rules, and what it
/// does beside (cascades, reverse rows, embedded copies, archived checks). The generic create,
/// update and delete (StoreWriter+Records.swift) do the rest from the kind's catalogue entry:
/// the route's id, Monica's rules checked by MonicaKit's one checker, the next id, the store,
/// the status. A writable kind is its catalogue entry, its resource and one word in
/// `StoreWriter.resources`.
protocol WritableResource: Sendable {
  /// The kind written.
  static var kind: RecordKind { get }
  /// The status of a create that succeeds: 201 for a resource of the model just inserted, 200
  /// where the service answers a model it read again (`Model::find($id)`).
  static var createdStatus: Int { get }
  /// What an update's or a delete's route id that is no number gets: Laravel's 404 where the
  /// controller's parameter is untyped and finds nothing, PHP's TypeError (a 500) where it is
  /// `int $id`; `nil` where the service's rules judge it (their `integer`).
  static func unnumbered(_ operation: WriteOperation) -> APIResponse?
  /// The record a create (`existing` nil) or an update of row `id` makes of `input`, which
  /// Monica's rules passed.
  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  /// What follows the store of `record` (its contact's counts, embedded copies, reverse rows).
  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter)
  /// The delete of row `id`, which exists and passed the delete's rules; the common one
  /// (`StoreWriter.removeRow`) unless the kind's service does more.
  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse
  /// A delete the kind answers whole, from its route's id, before the common checks; `nil` for
  /// the common route (a contact's delete is Laravel's uncaught errors, DestroyContact.php).
  static func deleteRoute(_ route: String, in writer: inout StoreWriter) -> APIResponse?
}

extension WritableResource {
  static var createdStatus: Int { 201 }
  static func unnumbered(_ operation: WriteOperation) -> APIResponse? { .notFound }
  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {}
  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse {
    writer.removeRow(kind, id, route: route)
  }
  static func deleteRoute(_ route: String, in writer: inout StoreWriter) -> APIResponse? { nil }
}
