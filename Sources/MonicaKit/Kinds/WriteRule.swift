/// One of the Laravel validation rules that Monica's write services and API controllers give a
/// field (`required`, `boolean`, `max:255`, `in:idea,offered,received`...), as data.
package enum WriteRule: Sendable, Equatable, CustomStringConvertible {
  /// `required`: present, not null, not an empty string or array. Laravel stops checking the
  /// field when it fails.
  case required
  /// `nullable`: a null value passes the field's other rules.
  case nullable
  /// `boolean`: true, false, 0, 1, "0", "1".
  case boolean
  /// `integer`: what PHP's `FILTER_VALIDATE_INT` takes, a whole number or a string of one.
  case integer
  /// `numeric`: what PHP's `is_numeric` takes.
  case numeric
  /// `string` (`string:255` is `string` too: Laravel ignores the parameter).
  case string
  /// `array`: a JSON array or object (both are PHP arrays).
  case array
  /// `max:N`: at most N characters for a string (N for a number under `integer`/`numeric`).
  case max(Int)
  /// `date`: what PHP's `strtotime` reads as a calendar date.
  case date
  /// `date_format:Y-m-d`.
  case dayFormat
  /// `in:a,b,...` (`Rule::in`).
  case oneOf([String])
  /// `required_if:other,value`: required when the field `other` holds `value`.
  case requiredIf(String, String)
  /// `required_without:other`: required when the field `other` is missing or empty.
  case requiredWithout(String)
  /// `Rule::requiredIf(closure)`: required when every condition holds, each a field whose PHP
  /// truth (`Arr::get($data, field, false)`) must be the given one.
  case requiredWhen([RequiredCondition])
  /// A rule only the server can decide (`exists:contacts,id`, `file`, `image`, a rule of
  /// Monica's own such as `photo`): checked only by a caller that has the rows or the files.
  case server(String)

  /// The rule as Monica's source writes it: `max:255`, `in:yes,no`; a `Rule::requiredIf` closure
  /// as the catalogue spells it, `required_when:is_date_known,!is_age_based`.
  package var description: String {
    switch self {
    case .required: "required"
    case .nullable: "nullable"
    case .boolean: "boolean"
    case .integer: "integer"
    case .numeric: "numeric"
    case .string: "string"
    case .array: "array"
    case .max(let limit): "max:\(limit)"
    case .date: "date"
    case .dayFormat: "date_format:Y-m-d"
    case .oneOf(let choices): "in:" + choices.joined(separator: ",")
    case .requiredIf(let other, let value): "required_if:\(other),\(value)"
    case .requiredWithout(let other): "required_without:\(other)"
    case .requiredWhen(let conditions):
      "required_when:" + conditions.map { ($0.truth ? "" : "!") + $0.field }.joined(separator: ",")
    case .server(let text): text
    }
  }

  /// The rules of a Laravel rule string, `required|string|max:255`, in order; a `Rule::in([...])`
  /// is written `in:a,b`.
  static func parse(_ text: String) -> [WriteRule] {
    text.split(separator: "|").map { part in
      let (name, parameter) =
        part.firstIndex(of: ":").map { (String(part[..<$0]), String(part[part.index(after: $0)...])) }
        ?? (String(part), "")
      switch name {
      case "required": return .required
      case "nullable": return .nullable
      case "boolean": return .boolean
      case "integer": return .integer
      case "numeric": return .numeric
      case "string": return .string
      case "array": return .array
      case "max": return Int(parameter).map(WriteRule.max) ?? .server(String(part))
      case "date": return .date
      case "date_format" where parameter == "Y-m-d": return .dayFormat
      case "in": return .oneOf(parameter.split(separator: ",").map(String.init))
      case "required_if":
        let pair = parameter.split(separator: ",", maxSplits: 1).map(String.init)
        return pair.count == 2 ? .requiredIf(pair[0], pair[1]) : .server(String(part))
      case "required_without": return .requiredWithout(parameter)
      case "required_when":
        // The catalogue's spelling of a `Rule::requiredIf` closure: `required_when:a,!b` is
        // `$data['a'] && ! $data['b']`.
        return .requiredWhen(
          parameter.split(separator: ",").map { condition in
            condition.hasPrefix("!")
              ? RequiredCondition(field: String(condition.dropFirst()), truth: false)
              : RequiredCondition(field: String(condition), truth: true)
          })
      default: return .server(String(part))
      }
    }
  }
}

/// One condition of a `Rule::requiredIf` closure: the field's PHP truth must be `truth`.
package struct RequiredCondition: Sendable, Equatable {
  /// The field read with `Arr::get($data, field, false)`.
  package let field: String
  /// Whether it must be truthy (or falsy).
  package let truth: Bool
}

/// The rules of one write field, in the order Monica's source lists them, with where.
package struct FieldRules: Sendable, Equatable {
  /// The field's write name: `contact_id`, `completed`.
  package let field: String
  /// Its rules, in order.
  package let rules: [WriteRule]
  /// Where they are: `UpdateTask.php:23`.
  package let source: String
  /// Whether the controller fills the field from the route (`PUT /gifts/{id}` gives `gift_id`),
  /// so that no request body holds it: checked only when the body to check has it (the
  /// sandbox, which knows the route), never asked of a line.
  package var fromRoute = false
}

/// What one of Monica's write services (or an API controller's validator) accepts: its
/// `rules()` at v4.1.2, field by field in its order, which is the order Laravel's validator
/// reports the fields' failures in. Only the fields a request body carries are listed; the ids
/// the controller adds itself (`account_id`, `author_id`, the route's id) are not a line's.
package struct WriteRules: Sendable, Equatable {
  /// The file the rules are read from, below the repository: `app/Services/Task/CreateTask.php`.
  package let file: String
  /// The fields' rules, in the file's order.
  package let fields: [FieldRules]

  /// The rules of `file`: each field with its Laravel rule string and the line it is on, written
  /// `"20"` or, for a rule spread over lines, `"24-31"`; `route` names the fields the controller
  /// takes from the route's ids (`gift_id`), in their place in the list.
  package init(_ file: String, _ fields: [(String, String, String)], route: Set<String> = []) {
    self.file = file
    let name = file.split(separator: "/").last.map(String.init) ?? file
    self.fields = fields.map {
      FieldRules(
        field: $0.0, rules: WriteRule.parse($0.1), source: "\(name):\($0.2)", fromRoute: route.contains($0.0))
    }
  }

  /// The field that takes an uploaded file (its `file` rule): a photo's `photo`, a document's
  /// `document`; `nil` when none does.
  package var fileField: String? { fields.first { $0.rules.contains(.server("file")) }?.field }

  /// The fields filled from the route's ids, in order: `gift_id`.
  package var routeFields: [String] { fields.filter(\.fromRoute).map(\.field) }

  /// No rules: a kind whose writes this toolset does not check.
  package static let none = WriteRules("", [])

  /// The rules of `field`, or `nil`.
  package func rules(of field: String) -> FieldRules? { fields.first { $0.field == field } }
}
