import Foundation

/// A value of a request body that Monica's validator would refuse, with Laravel's message.
package struct WriteProblem: Sendable, Equatable, CustomStringConvertible {
  /// The write field: `completed`.
  package let field: String
  /// The rule it breaks, as Monica writes it: `boolean`, `max:255`.
  package let rule: WriteRule
  /// Where the rule is: `UpdateTask.php:23`.
  package let source: String
  /// The message Monica answers in its 422 (resources/lang/en/validation.php at v4.1.2):
  /// `The completed field must be true or false.`
  package let message: String
  /// The value refused, `nil` when it is missing.
  package let value: JSONValue?

  /// `completed: The completed field must be true or false. (boolean, UpdateTask.php:23), got "yes"`.
  package var description: String {
    var got = ""
    switch value {
    case nil, .null?: break
    case .string(let text)?: got = ", got " + OutsideText.quoted(text)
    case let other?:
      let text = JSONWriter.plain.string(other)
      let cut = text.unicodeScalars.count > OutsideText.quotedLength
      got =
        ", got "
        + (cut ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(OutsideText.quotedLength))) + "…" : text)
    }
    return "\(field): \(message) (\(rule), \(source))\(got)"
  }
}

/// The one checker of Monica's write rules: Laravel 9's validator as Monica runs it on a request
/// body, after its input middlewares (strings trimmed, empty ones null, app/Http/Kernel.php:20-21).
/// `monica-push` runs it before a line's first request, `monica-validate --write` on each line,
/// and its messages are the sandbox's 422 answers.
extension WriteRules {
  /// The problems of `body` in Laravel's order: field by field as the rules list them, each
  /// field's failures in its rules' order. With `whole`, a field the body lacks is checked too
  /// (a create's `required`); otherwise only the fields the body gives (a partial update, whose
  /// other fields come from the server's copy). A field the controller fills from the route is
  /// checked only when the body holds it. With `decide`, a server's rule (`exists:contacts,id`,
  /// `file`, `image`, Monica's `photo`) is decided too, at its place: `decide(field, rule, value)`
  /// says whether the value passes (the sandbox, which has the rows and the files); without it
  /// those rules pass.
  package func problems(
    in body: JSONObject, whole: Bool = true, exists decide: ((String, String, JSONValue) -> Bool)? = nil
  ) -> [WriteProblem] {
    let input = MonicaInput.cleaned(body)
    var found: [WriteProblem] = []
    for field in fields {
      let value = input[field.field]
      if value == nil && (!whole || field.fromRoute) { continue }
      let nullable = field.rules.contains(.nullable)
      for rule in field.rules {
        func fail(_ message: String) {
          found.append(
            WriteProblem(field: field.field, rule: rule, source: field.source, message: message, value: value))
        }
        if let required = Self.requires(rule, in: input) {
          // An implicit rule that fails ends the field's checks (Validator::shouldStopValidating).
          if required && Self.isEmpty(value) {
            fail(Self.requiredMessage(rule, field: field.field))
            break
          }
          continue
        }
        // Laravel skips a field's other rules when it is missing, or null and `nullable`.
        guard let value, !(value == .null && nullable) else { continue }
        if case .server(let text) = rule {
          if let decide, !decide(field.field, text, value) { fail(Self.serverMessage(text, field: field.field)) }
          continue
        }
        if let message = Self.message(rule, value, field: field) { fail(message) }
      }
    }
    return found
  }

  /// Whether `rule`, one of the `required` family, requires the field for `input`; `nil` for
  /// any other rule.
  private static func requires(_ rule: WriteRule, in input: JSONObject) -> Bool? {
    switch rule {
    case .required: true
    case .requiredIf(let other, let value): input[other].flatMap(phpString) == value
    case .requiredWithout(let other): isEmpty(input[other])
    case .requiredWhen(let conditions): conditions.allSatisfy { phpTruth(input[$0.field]) == $0.truth }
    default: nil
    }
  }

  /// The message of a `required` rule that fails (validation.php's `required`, `required_if`,
  /// `required_without`; a `Rule::requiredIf` object says `required`).
  private static func requiredMessage(_ rule: WriteRule, field: String) -> String {
    let name = attribute(field)
    switch rule {
    case .requiredIf(let other, let value): return "The \(name) field is required when \(attribute(other)) is \(value)."
    case .requiredWithout(let other): return "The \(name) field is required when \(attribute(other)) is not present."
    default: return "The \(name) field is required."
    }
  }

  /// The message of a server's rule that fails: validation.php's `exists`, `file` and `image`;
  /// a rule of Monica's own registered without a message (`Validator::extend('photo', ...)`,
  /// UploadPhoto.php:22-25) is Laravel's fallback, the translation key `validation.photo`.
  private static func serverMessage(_ rule: String, field: String) -> String {
    let name = attribute(field)
    let rule = rule.prefix { $0 != ":" }
    switch rule {
    case "exists": return "The selected \(name) is invalid."
    case "file": return "The \(name) must be a file."
    case "image": return "The \(name) must be an image."
    default: return "validation.\(rule)"
    }
  }

  /// PHP's truth of a value (`false` when missing): `Arr::get($data, $key, false)` in an `if`,
  /// the opposite of `empty()`.
  package static func phpTruth(_ value: JSONValue?) -> Bool {
    switch value {
    case nil, .null?: false
    case .bool(let flag)?: flag
    case .number(let text)?: (Double(text) ?? 0) != 0
    case .string(let text)?: !text.isEmpty && text != "0"
    case .array(let elements)?: !elements.isEmpty
    case .object(let members)?: !members.members.isEmpty
    }
  }

  /// Laravel's display name of a field: `first_name` -> `first name`.
  static func attribute(_ field: String) -> String { field.replacingOccurrences(of: "_", with: " ") }

  /// Whether `required` fails: missing, null, an empty string or an empty array.
  private static func isEmpty(_ value: JSONValue?) -> Bool {
    switch value {
    case nil, .null?: true
    case .string(let text)?: text.trimmingWhiteSpace.isEmpty
    case .array(let elements)?: elements.isEmpty
    case .object(let members)?: members.members.isEmpty
    default: false
    }
  }

  /// The message of `rule` for `value`, `nil` when it passes (validation.php's English lines).
  private static func message(_ rule: WriteRule, _ value: JSONValue, field: FieldRules) -> String? {
    let name = attribute(field.field)
    switch rule {
    case .required, .nullable, .server, .requiredIf, .requiredWithout, .requiredWhen:
      return nil
    case .boolean:
      switch value {
      case .bool: return nil
      case .number(let text) where text == "0" || text == "1": return nil
      case .string(let text) where text == "0" || text == "1": return nil
      default: return "The \(name) field must be true or false."
      }
    case .integer:
      return isInteger(value) ? nil : "The \(name) must be an integer."
    case .numeric:
      return isNumeric(value) ? nil : "The \(name) must be a number."
    case .string:
      if case .string = value { return nil }
      return "The \(name) must be a string."
    case .array:
      switch value {
      case .array, .object: return nil
      default: return "The \(name) must be an array."
      }
    case .max(let limit):
      let numeric = field.rules.contains(.integer) || field.rules.contains(.numeric)
      switch value {
      case .array(let elements):
        return elements.count <= limit ? nil : "The \(name) may not have more than \(limit) items."
      case .number(let text) where numeric:
        return (Double(text) ?? 0) <= Double(limit) ? nil : "The \(name) may not be greater than \(limit)."
      default:
        // mb_strlen: characters are Unicode scalars.
        let length = phpString(value)?.unicodeScalars.count ?? 0
        return length <= limit ? nil : "The \(name) may not be greater than \(limit) characters."
      }
    case .date:
      guard let text = value.stringValue, text.utf8.count >= 10, CalendarDate(parsing: text) != nil else {
        return "The \(name) is not a valid date."
      }
      return nil
    case .dayFormat:
      guard let text = value.stringValue, text.utf8.count == 10, CalendarDate(parsing: text) != nil else {
        return "The \(name) does not match the format Y-m-d."
      }
      return nil
    case .oneOf(let choices):
      guard let text = phpString(value), choices.contains(text) else { return "The selected \(name) is invalid." }
      return nil
    }
  }

  /// PHP's `FILTER_VALIDATE_INT`: an optional sign and digits without a leading zero (true is 1).
  private static func isInteger(_ value: JSONValue) -> Bool {
    let text: String
    switch value {
    case .bool(let flag): return flag
    case .number(let number):
      guard let double = Double(number), double.rounded() == double, abs(double) < 9.2e18 else { return false }
      return true
    case .string(let string): text = string.trimmingWhiteSpace
    default: return false
    }
    let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
    return (digits == "0" || digits.first != "0") && Int(text) != nil
  }

  /// PHP's `is_numeric`: a number, or a string of one (white space around it allowed).
  private static func isNumeric(_ value: JSONValue) -> Bool {
    switch value {
    case .number: return true
    case .string(let text):
      let trimmed = text.trimmingWhiteSpace
      guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && "0123456789+-.eE".contains($0) }) else {
        return false
      }
      return Double(trimmed) != nil
    default: return false
    }
  }

  /// A scalar as PHP's `(string)` writes it; `nil` for arrays and objects.
  private static func phpString(_ value: JSONValue) -> String? {
    switch value {
    case .null: ""
    case .bool(let flag): flag ? "1" : ""
    case .number(let text), .string(let text): text
    case .array, .object: nil
    }
  }
}

extension WriteMapping {
  /// The problems of a line as monica-push would send it: a create's whole body, and the
  /// fields the update that follows it carries (a task's `completed`), or the fields an update
  /// line gives. One checker for `monica-push` before its first request and for any tool that
  /// checks lines without sending (`monica-validate --write`).
  package func problems(line: JSONObject, creating: Bool, today: CalendarDate) -> [String] {
    var checks: [(WriteRules, JSONObject, Bool)] = []
    if creating {
      checks.append((createRules, body(line: line, record: line, operation: .create, today: today), true))
      if !setAfterCreate.isEmpty {
        let follow = body(line: line, record: line, operation: .update, today: today)
        checks.append((updateRules, JSONObject(follow.members.filter { setAfterCreate.contains($0.key) }), false))
      }
    } else {
      checks.append((updateRules, partialBody(line: line, operation: .update, today: today), false))
    }
    var found: [String] = []
    for (rules, body, whole) in checks {
      for problem in rules.problems(in: body, whole: whole) where !found.contains(problem.description) {
        found.append(problem.description)
      }
    }
    return found
  }

  /// The rules Monica's service for `operation` gives the write field `field`, `nil` when it
  /// gives none (a field the service ignores, or one only the route's id decides).
  package func rules(of field: String, for operation: Operation) -> FieldRules? {
    (operation == .create ? createRules : updateRules).rules(of: field)
  }

  /// Monica's 422 messages for a request body of `operation`, in its order (`[]` when it takes it).
  package func messages(for body: JSONObject, operation: Operation) -> [String] {
    (operation == .create ? createRules : updateRules).problems(in: body).map(\.message)
  }
}
