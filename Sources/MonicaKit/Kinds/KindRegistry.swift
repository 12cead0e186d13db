/// One tool's decision for every kind of record (a table's default columns, a sort's keys, a
/// calendar's events...), keyed by the catalogue's kinds and naming each of them: the kinds with
/// a value of their own, and those that take the common one. A kind added to the catalogue and
/// to no registry fails RecordKindRegistryTests, as does a kind named twice, so a new kind is
/// decided everywhere, as swift-format checks its generated rule registry.
package struct KindRegistry<Value: Sendable>: Sendable {
  /// What the registry decides, for messages: `display defaults (Column.defaults)`.
  package let name: String
  /// The kinds with a value of their own.
  private let own: [RecordKind: Value]
  /// The kinds that take `common`.
  private let others: [RecordKind]
  /// The value of the kinds in `others`.
  private let common: Value
  /// The values by the records' `object`, for a record's line.
  private let byObject: [String: Value]

  /// A registry of `own` values, `common` for each kind of `others`.
  package init(_ name: String, _ own: [RecordKind: Value], common: Value, for others: [RecordKind]) {
    self.name = name
    self.own = own
    self.others = others
    self.common = common
    var byObject: [String: Value] = [:]
    for kind in others { byObject[kind.object] = common }
    for (kind, value) in own { byObject[kind.object] = value }
    self.byObject = byObject
  }

  /// The value of `kind`, `nil` for a kind the registry does not name.
  package subscript(kind: RecordKind) -> Value? { own[kind] ?? (others.contains(kind) ? common : nil) }

  /// The value of the kind whose records carry `object`, `nil` for any other object.
  package subscript(object object: String) -> Value? { byObject[object] }

  /// Every kind named, once for each time it is named (a test checks each kind is named once).
  package var named: [RecordKind] { Array(own.keys) + others }
}
