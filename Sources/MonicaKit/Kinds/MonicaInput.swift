/// What Monica does to every request's input before a controller sees it: its two global
/// middlewares (app/Http/Kernel.php:20-21 at v4.1.2). `TrimStrings` cuts white space from both
/// ends of each string but `password` and `password_confirmation`
/// (app/Http/Middleware/TrimStrings.php:14-17); `ConvertEmptyStringsToNull` then turns "" into
/// null, at any depth (Laravel 9.52's `TransformsRequest::cleanArray`). The sandbox applies it to
/// every input, and a look-up for a record a lost answer made compares values as Monica stored them.
package enum MonicaInput {
  /// The input as Monica's controllers receive it.
  package static func cleaned(_ input: JSONObject) -> JSONObject {
    JSONObject(input.members.map { JSONObject.Member($0.key, clean($0.value, key: $0.key)) })
  }

  /// One value as Monica's controllers receive it.
  package static func cleaned(_ value: JSONValue) -> JSONValue { clean(value, key: nil) }

  private static func clean(_ value: JSONValue, key: String?) -> JSONValue {
    switch value {
    case .string(let text):
      let trimmed = key == "password" || key == "password_confirmation" ? text : trim(text)
      return trimmed.isEmpty ? .null : .string(trimmed)
    case .array(let elements):
      return .array(elements.map { clean($0, key: nil) })
    case .object(let object):
      return .object(cleaned(object))
    default:
      return value
    }
  }

  /// Laravel 9.52's `TrimStrings::transform`: `preg_replace('~^[\s\x{FEFF}\x{200B}]+|...$~u')`,
  /// where `\s` without Unicode properties is ASCII white space.
  package static func trim(_ text: String) -> String {
    let cut: (Unicode.Scalar) -> Bool = {
      [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\u{FEFF}", "\u{200B}"].contains($0)
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !cut($0) }), let last = scalars.lastIndex(where: { !cut($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
