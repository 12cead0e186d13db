/// Which record a line holds, the key two backups are compared by: its kind's `object` and its id
/// as written (`5`, or a country's `"FR"`).
package struct RecordKey: Hashable, Sendable, CustomStringConvertible {
  /// The record's `object`: `contact`, `note`.
  package let object: String
  /// The id's text, without quotes.
  package let id: String

  package init(object: String, id: String) {
    self.object = object
    self.id = id
  }

  /// The id as a number, when it is one (every kind's but countries').
  package var number: Int? { Int(id) }

  /// The id as the difference line writes it: a number when it is one, else a string.
  package var idValue: JSONValue { number.map(JSONValue.int) ?? .string(id) }

  /// `note #1007`.
  package var description: String { "\(object) #\(id)" }

  /// The key of a record read from a stream; `nil` when it has no `object` string or no id.
  package init?(_ record: Record) {
    guard let object = record.member("object")?.stringValue, let id = record.member("id") else { return nil }
    if id.isNumber {
      self.init(object: object, id: String(decoding: id.slice, as: UTF8.self))
    } else if let text = id.stringValue, !text.isEmpty {
      self.init(object: object, id: text)
    } else {
      return nil
    }
  }

  /// The key of the record a reference points at: `contact #5` for a note's `contact.id` of 5.
  package init?(_ reference: KindReference, in record: JSONValue) {
    guard !reference.byName, let id = reference.ids(in: record).first else { return nil }
    self.init(object: reference.object, id: String(id))
  }
}
