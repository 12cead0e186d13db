/// Every rule of the catalogue in words, one tab-separated line each: the shape, the field, the
/// rule, and where Monica's source (tag v4.1.2) makes it so. What `monica-validate --list-rules`
/// prints.
package enum RuleListing {
  /// The lines: each kind's shapes in catalogue order, then the shapes several kinds share, then
  /// the page envelope's.
  package static func lines() -> [String] {
    var lines: [String] = []
    for shape in topShapes() {
      var ignored: [ObjectShape] = []
      list(shape, name: shape.name, prefix: "", into: &lines, shared: &ignored)
    }
    return lines
  }

  /// Every check of the catalogue and of page envelopes, each once, in listing order.
  package static func checks() -> [ContractCheck] {
    var seen: Set<String> = []
    var checks: [ContractCheck] = []
    func collect(_ shape: ObjectShape) {
      for check in shape.checks where seen.insert(check.name).inserted { checks.append(check) }
      for field in shape.fields { nestedShapes(field.rule).filter { !$0.isShared }.forEach(collect) }
    }
    topShapes().forEach(collect)
    return checks
  }

  /// The shapes listed under their own name: the kinds', the shared ones they reach, the page's.
  private static func topShapes() -> [ObjectShape] {
    var pending: [ObjectShape] = []
    for contract in RecordContract.catalogue {
      switch contract.rule {
      case .choice(let choice): pending += choice.shapes
      case .object(let shape): pending.append(shape)
      default: break
      }
    }
    pending += [.page, .single]
    var result: [ObjectShape] = []
    var listed: Set<ObjectIdentifier> = []
    while !pending.isEmpty {
      let shape = pending.removeFirst()
      guard listed.insert(ObjectIdentifier(shape)).inserted else { continue }
      result.append(shape)
      var lines: [String] = []
      list(shape, name: shape.name, prefix: "", into: &lines, shared: &pending)
    }
    return result
  }

  private static func list(
    _ shape: ObjectShape, name: String, prefix: String, into lines: inout [String], shared: inout [ObjectShape]
  ) {
    for field in shape.fields {
      let path = prefix + field.key
      let presence: String =
        switch field.presence {
        case .required: ""
        case .unlessPartial: "; absent from a partial contact"
        case .optionalUnlessPartial: "; optional, absent from a partial contact"
        case .optional: "; optional"
        }
      lines.append([name, path, field.rule.summary + presence, shape.source].joined(separator: "\t"))
      for nested in nestedShapes(field.rule) {
        if nested.isShared {
          shared.append(nested)
        } else {
          list(nested, name: name, prefix: path + ".", into: &lines, shared: &shared)
        }
      }
    }
    for check in shape.checks {
      lines.append(
        [name, prefix.isEmpty ? "*" : String(prefix.dropLast()), check.summary, check.source].joined(separator: "\t"))
    }
  }

  private static func nestedShapes(_ rule: ValueRule) -> [ObjectShape] {
    switch rule {
    case .object(let shape): [shape]
    case .array(let element), .nullable(let element): nestedShapes(element)
    case .choice(let choice): choice.shapes
    default: []
    }
  }
}
