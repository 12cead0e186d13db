/// What Monica promises about one kind of record: the shape of the JSON object its API sends
/// and the rules between its fields, read from Monica's source at tag v4.1.2.
///
/// One entry per kind (`RecordContract.catalogue`), keyed by the record's `object` name, so that
/// a kind added to the toolset brings its rules with it. The entries carry nothing but the
/// contract, so that the one catalogue of kinds (routes, write fields, references) can hold them
/// as one of its columns.
package struct RecordContract: Sendable {
  /// The record's `object` name: `contact`, `note`...
  package let object: String
  /// What a record of this kind is at the top level of a stream.
  package let rule: ValueRule

  package init(object: String, rule: ValueRule) {
    self.object = object
    self.rule = rule
  }
}

/// What a JSON value must be.
package indirect enum ValueRule: Sendable {
  /// A string in a format.
  case text(TextFormat)
  /// An integer literal (no fraction or exponent) of at least `minimum`.
  case integer(minimum: Int)
  /// Any JSON number.
  case number
  /// `true` or `false`.
  case boolean
  /// An object of a shape.
  case object(ObjectShape)
  /// An array whose every element follows the rule.
  case array(ValueRule)
  /// `null`, or a value that follows the rule.
  case nullable(ValueRule)
  /// An object whose shape depends on which keys it has (a full or a short contact).
  case choice(ShapeChoice)
  /// A record of any kind in the catalogue, checked against its kind's contract.
  case record
  /// Any JSON value.
  case any

  /// A positive integer: every id.
  package static let id = ValueRule.integer(minimum: 1)
  /// An integer of at least 0: counts and sizes.
  package static let count = ValueRule.integer(minimum: 0)
  /// Any string.
  package static let string = ValueRule.text(.any)
  /// Any string, or null.
  package static let optionalString = ValueRule.nullable(.text(.any))
  /// A timestamp (`created_at`, `updated_at`...).
  package static let timestamp = ValueRule.text(.timestamp)
  /// An absolute http(s) URL.
  package static let url = ValueRule.text(.url)

  /// `name` after "a" or "an".
  package static func article(_ name: String) -> String {
    ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
  }

  /// The rule in words, for messages and `--list-rules`: "a positive integer", "a string or null".
  package var summary: String {
    switch self {
    case .text(let format): format.summary
    case .integer(let minimum): minimum == 1 ? "a positive integer" : "an integer of at least \(minimum)"
    case .number: "a number"
    case .boolean: "a boolean"
    case .object(let shape): ValueRule.article(shape.name)
    case .array(let element): "an array, each element \(element.summary)"
    case .nullable(let inner): "\(inner.summary) or null"
    case .choice(let choice): ValueRule.article(choice.name)
    case .record: "a record of a kind the toolset reads"
    case .any: "any JSON value"
    }
  }
}

/// Picks an object's shape from the keys it has.
package struct ShapeChoice: Sendable {
  /// What the choice stands for, in words: "full or short contact".
  package let name: String
  /// The shapes it chooses among, for `--list-rules`.
  package let shapes: [ObjectShape]
  /// The shape of a given object.
  package let pick: @Sendable (RawValue) -> ObjectShape

  package init(name: String, shapes: [ObjectShape], pick: @escaping @Sendable (RawValue) -> ObjectShape) {
    self.name = name
    self.shapes = shapes
    self.pick = pick
  }
}

/// The keys an object has, what each holds, and the rules between them.
package final class ObjectShape: Sendable {
  /// The shape's name in messages: "short contact", "special date".
  package let name: String
  /// Where Monica builds this object, `file:lines` at tag v4.1.2.
  package let source: String
  /// The keys in the order Monica writes them.
  package let fields: [FieldRule]
  /// Rules between fields, checked once the fields themselves are.
  package let checks: [ContractCheck]
  /// The boolean key that marks the partial form of the object (`is_partial` of contacts);
  /// nested objects without their own flag follow their parent's.
  package let partialFlag: String?
  /// Whether the shape is listed on its own by `--list-rules` (it is met in several places).
  package let isShared: Bool
  /// Each key's UTF-8, for comparing without decoding.
  let keyBytes: [[UInt8]]

  package init(
    _ name: String, source: String, partialFlag: String? = nil, shared: Bool = false, fields: [FieldRule],
    checks: [ContractCheck] = []
  ) {
    self.name = name
    self.source = source
    self.partialFlag = partialFlag
    self.isShared = shared
    self.fields = fields
    self.checks = checks
    keyBytes = fields.map { Array($0.key.utf8) }
  }

  /// The position of `key` among the fields, or `nil`.
  package func index(of key: String) -> Int? { fields.firstIndex { $0.key == key } }
}

/// One key of an object shape.
package struct FieldRule: Sendable {
  /// The key.
  package let key: String
  /// What its value must be.
  package let rule: ValueRule
  /// When the key must be there.
  package let presence: Presence

  package init(_ key: String, _ rule: ValueRule, _ presence: Presence = .required) {
    self.key = key
    self.rule = rule
    self.presence = presence
  }
}

/// When a key must be in an object.
package enum Presence: Sendable {
  /// Always.
  case required
  /// Always in the full form; never in the partial form (Laravel's `$this->when(! $this->is_partial, …)`).
  case unlessPartial
  /// Maybe in the full form; never in the partial form (`contactFields` with `?with=contactfields`).
  case optionalUnlessPartial
  /// Maybe.
  case optional
}

/// A rule between the fields of one object, with where Monica keeps it.
package struct ContractCheck: Sendable {
  /// A short name, unique in the catalogue: `task.completed`.
  package let name: String
  /// The rule in words.
  package let summary: String
  /// Where Monica's source makes it so, `file:lines` at tag v4.1.2 (or the toolset's own doc).
  package let source: String
  /// Reports each way `object` breaks the rule.
  package let body: @Sendable (ObjectView, inout CheckReport) -> Void

  package init(
    _ name: String, _ summary: String, source: String,
    body: @escaping @Sendable (ObjectView, inout CheckReport) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.source = source
    self.body = body
  }
}

/// The fields of one object as a check sees them, after their own rules were checked.
package struct ObjectView {
  /// The shape the object was checked against.
  package let shape: ObjectShape
  /// The object itself.
  package let object: RawValue
  /// Each field's value, by position in `shape.fields`; `nil` when absent.
  let values: ArraySlice<RawValue?>
  /// Whether the object is the partial form, when its shape or its parent's says.
  package let isPartial: Bool?

  /// The value of the field `key` (one of the shape's), or `nil` when absent.
  package subscript(key: String) -> RawValue? {
    guard let index = shape.index(of: key) else { return object.member(key) }
    return values[values.startIndex + index]
  }

  /// The value at a path of keys below this object.
  package func value(at keys: String...) -> RawValue? {
    guard let first = keys.first, var current = self[first] else { return nil }
    for key in keys.dropFirst() {
      guard let next = current.member(key) else { return nil }
      current = next
    }
    return current
  }
}

/// What checks found wrong with one object: a field (a dotted path below the object) and why.
package struct CheckReport {
  /// The problems, in order.
  package private(set) var problems: [(field: String, message: String)] = []

  package init() {}

  /// Records a problem with `field`.
  package mutating func add(_ field: String, _ message: String) { problems.append((field, message)) }
}

/// The contracts of the kinds: each catalogue entry holds its kind's (`RecordKind.contract`).
extension RecordContract {
  /// Every kind's contract, in the catalogue's order.
  package static var catalogue: [RecordContract] { RecordKind.all.map(\.contract) }

  /// The contract of the kind whose `object` name is `object`, or `nil`.
  package static func named(_ object: String) -> RecordContract? {
    RecordKind.named(object)?.contract
  }
}
