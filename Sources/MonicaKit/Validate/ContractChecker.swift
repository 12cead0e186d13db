#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks JSON values in place against the catalogue's rules and collects every problem with the
/// dotted path of the field it is about (`tags.0.name`).
///
/// Nothing is built: objects are walked once over their raw bytes, each key matched against the
/// shape's (Monica writes them in order, so the next expected key is tried first), and strings
/// decoded only when their format matters. One checker serves a whole stream; `reset()` between
/// records.
package struct ContractChecker {
  /// One thing wrong with a value.
  package struct Problem: Sendable, Equatable {
    /// The dotted path of the field, from the value checked (`information.dates.birthdate.date`).
    package var field: String
    /// What is wrong, in words; outside text in it is quoted and escaped.
    package var message: String

    package init(field: String, message: String) {
      self.field = field
      self.message = message
    }
  }

  private enum Step {
    case key(String)
    case index(Int)
  }

  /// The problems found since the last `reset()`, in the order met.
  package private(set) var problems: [Problem] = []
  private var path: [Step] = []
  private var slots: [RawValue?] = []
  private var scratch: [UInt8] = []
  private var rootMembers: (object: Range<Int>, members: [RecordScanner.Member])?

  package init() {}

  /// Forgets the problems of the last record.
  package mutating func reset() {
    problems.removeAll(keepingCapacity: true)
    path.removeAll(keepingCapacity: true)
    slots.removeAll(keepingCapacity: true)
  }

  /// Checks a record `RecordScanner` has just scanned, reusing the members it found.
  package mutating func check(record root: RawValue, members: [RecordScanner.Member], against rule: ValueRule) {
    rootMembers = (root.range, members)
    check(root, against: rule)
    rootMembers = nil
  }

  /// Checks `value` against `rule`; problems get `prefix` before their field paths.
  package mutating func check(_ value: RawValue, against rule: ValueRule, prefix: [String] = []) {
    path = prefix.map(Step.key)
    check(value, rule, nullable: false, partial: nil)
    path.removeAll(keepingCapacity: true)
  }

  /// Records a problem about the field at `path`.
  private mutating func report(_ message: String) { report(nil, message) }

  /// Records a problem about the field at `path` plus `field` (a dotted path below it).
  private mutating func report(_ field: String?, _ message: String) {
    var text = ""
    for step in path {
      if !text.isEmpty { text += "." }
      switch step {
      case .key(let key): text += key
      case .index(let index): text += String(index)
      }
    }
    if let field, !field.isEmpty { text += text.isEmpty ? field : "." + field }
    problems.append(Problem(field: text, message: message))
  }

  private mutating func check(_ value: RawValue, _ rule: ValueRule, nullable: Bool, partial: Bool?) {
    switch rule {
    case .nullable(let inner):
      if value.isNull { return }
      check(value, inner, nullable: true, partial: partial)
    case .text(let format):
      guard value.isString else { return mismatch(value, rule, nullable) }
      if format == .any { return }
      scratch.removeAll(keepingCapacity: true)
      value.appendDecodedString(to: &scratch)
      let failure = scratch.withUnsafeBufferPointer { format.failure($0) }
      switch failure {
      case nil: return
      case .mismatch?: mismatch(value, rule, nullable)
      case .reason(let reason)?: report("\(describe(value)): \(reason)")
      }
    case .integer(let minimum):
      guard value.isNumber, !value.slice.contains(where: { $0 == 0x2E || $0 | 0x20 == 0x65 }),
        let number = Int(String(decoding: value.slice, as: UTF8.self)), number >= minimum
      else { return mismatch(value, rule, nullable) }
    case .number:
      guard value.isNumber else { return mismatch(value, rule, nullable) }
    case .boolean:
      guard value.isTrue || value.isFalse else { return mismatch(value, rule, nullable) }
    case .object(let shape):
      guard value.isObject else { return mismatch(value, rule, nullable) }
      checkObject(value, shape, partial: partial)
    case .choice(let choice):
      guard value.isObject else { return mismatch(value, rule, nullable) }
      checkObject(value, choice.pick(value), partial: partial)
    case .record:
      guard value.isObject else { return mismatch(value, rule, nullable) }
      guard let object = value.member("object") else {
        return report("object", "missing: the kind of record is unknown")
      }
      guard let contract = object.stringValue.flatMap(RecordContract.named) else {
        let kinds = RecordContract.catalogue.map(\.object).joined(separator: ", ")
        return report("object", "\(describe(object)) is not a kind of record the toolset reads (\(kinds))")
      }
      check(value, contract.rule, nullable: false, partial: nil)
    case .any:
      return
    case .array(let element):
      guard value.isArray else { return mismatch(value, rule, nullable) }
      var index = 0
      value.forEachElement { item in
        path.append(.index(index))
        check(item, element, nullable: false, partial: partial)
        path.removeLast()
        index += 1
        return true
      }
    }
  }

  private mutating func mismatch(_ value: RawValue, _ rule: ValueRule, _ nullable: Bool) {
    let expected = nullable ? ValueRule.nullable(rule).summary : rule.summary
    report("expected \(expected), got \(describe(value))")
  }

  private mutating func checkObject(_ object: RawValue, _ shape: ObjectShape, partial inherited: Bool?) {
    let base = slots.count
    let count = shape.fields.count
    slots.append(contentsOf: repeatElement(nil, count: count))
    var hint = 0
    func visit(_ key: Range<Int>, _ escaped: Bool, _ value: RawValue) {
      guard let index = fieldIndex(shape, object.bytes, key, escaped, hint: hint) else {
        report(
          keyText(object.bytes, key, escaped), "unexpected key: \(ValueRule.article(shape.name)) has no such field")
        return
      }
      if slots[base + index] != nil {
        report(shape.fields[index].key, "appears twice")
      } else {
        slots[base + index] = value
      }
      hint = index + 1 == count ? 0 : index + 1
    }
    if let known = rootMembers, object.range == known.object {
      // The scanner found the record's own members already: no second walk over the whole line.
      for member in known.members {
        visit(member.key, member.keyHasEscapes, RawValue(bytes: object.bytes, range: member.value))
      }
    } else {
      object.forEachMember { key, escaped, value in
        visit(key, escaped, value)
        return true
      }
    }

    var partial = inherited
    if let flag = shape.partialFlag {
      partial = shape.index(of: flag).flatMap { slots[base + $0]?.boolValue }
    }
    for (index, field) in shape.fields.enumerated() {
      let value = slots[base + index]
      switch (field.presence, value) {
      case (.required, nil):
        report(field.key, "missing")
      case (.unlessPartial, nil):
        if partial == false { report(field.key, "missing, and \(shape.partialFlag ?? "is_partial") is false") }
      case (.unlessPartial, _?) where partial == true, (.optionalUnlessPartial, _?) where partial == true:
        report(
          field.key, "present, but \(shape.partialFlag ?? "is_partial") is true: a partial contact has no such key")
      case (_, let value?):
        path.append(.key(field.key))
        check(value, field.rule, nullable: false, partial: partial)
        path.removeLast()
      default:
        break
      }
    }

    if !shape.checks.isEmpty {
      let view = ObjectView(shape: shape, object: object, values: slots[base..<base + count], isPartial: partial)
      var findings = CheckReport()
      for check in shape.checks { check.body(view, &findings) }
      for finding in findings.problems { report(finding.field, finding.message) }
    }
    slots.removeSubrange(base...)
  }

  /// The position of the key at `key` in `bytes` among the shape's fields, trying `hint` first.
  private func fieldIndex(
    _ shape: ObjectShape, _ bytes: UnsafeBufferPointer<UInt8>, _ key: Range<Int>, _ escaped: Bool, hint: Int
  ) -> Int? {
    if escaped { return shape.index(of: keyText(bytes, key, true)) }
    let count = shape.keyBytes.count
    guard count > 0, let base = bytes.baseAddress else { return nil }
    var index = hint
    for _ in 0..<count {
      let matches = shape.keyBytes[index].withUnsafeBufferPointer { wanted in
        guard wanted.count == key.count, let pointer = wanted.baseAddress else { return wanted.count == key.count }
        return memcmp(base + key.lowerBound, pointer, key.count) == 0
      }
      if matches { return index }
      index = index + 1 == count ? 0 : index + 1
    }
    return nil
  }

  /// A key's decoded text, escaped for printing.
  private func keyText(_ bytes: UnsafeBufferPointer<UInt8>, _ key: Range<Int>, _ escaped: Bool) -> String {
    var decoded: [UInt8] = []
    RawValue.appendUnescaped(UnsafeBufferPointer(rebasing: bytes[key]), to: &decoded)
    return String(decoding: decoded, as: UTF8.self).escapingControlCharacters
  }

  /// A value as messages show it: strings quoted, numbers as written, containers by their type.
  private func describe(_ value: RawValue) -> String {
    if value.isString { return OutsideText.quoted(value.stringValue ?? "") }
    if value.isObject { return "an object" }
    if value.isArray { return "an array" }
    let text = String(decoding: value.slice.prefix(OutsideText.quotedLength), as: UTF8.self)
    return value.slice.count > OutsideText.quotedLength ? text + "…" : text
  }
}
