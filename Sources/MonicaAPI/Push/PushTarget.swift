import MonicaKit

/// Which instance a plain `monica-push` run writes to, and what a delete takes away, in words:
/// `--dry-run` and the delete question name them, so a run meant for one profile is never
/// mistaken for another. Read without decrypting anything (no passphrase is asked).
enum PushTarget {
  /// `https://monica.example.com (profile home)`, `https://… (MONICA_URL)`, or why there is none.
  static func describe(environment: ToolEnvironment, profile explicit: String?) -> String {
    if let url = environment["MONICA_URL"] { return "\(url.escapingControlCharacters) (MONICA_URL)" }
    let resolver = CredentialResolver(environment: environment)
    guard let profile = try? resolver.profileName(explicit) else {
      return "no instance (\(resolver.noProfile().message ?? "not logged in"))"
    }
    guard let instance = try? resolver.store.instance(of: profile)?.instance else {
      return "no instance (unknown profile \(profile))"
    }
    return "\(instance.escapingControlCharacters) (profile \(profile))"
  }

  /// The records of a delete, the first `shown` named: `contact #12 "Ada Lovelace", note #4`
  /// and how many more.
  static func records(_ lines: [PushLine], shown: Int = 5) -> String {
    let named = lines.prefix(shown).map { line -> String in
      guard case .delete(let id) = line.action else { return line.mapping.object }
      let name = label(line.record).map { " \"\($0.escapingControlCharacters)\"" } ?? ""
      return "\(line.mapping.object) #\(id)\(name)"
    }
    let more = lines.count - named.count
    return named.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
  }

  /// What a person calls the record, when the line carries it: a contact's name, a title, a
  /// note's or message's first words.
  static func label(_ record: JSONObject) -> String? {
    let value = JSONValue.object(record)
    if let name = value["complete_name"]?.stringValue, !name.isEmpty { return clipped(name) }
    let person = [value["first_name"]?.stringValue, value["last_name"]?.stringValue].compactMap { $0 }
      .filter { !$0.isEmpty }.joined(separator: " ")
    if !person.isEmpty { return clipped(person) }
    for key in ["name", "title", "summary", "body", "content"] {
      if let text = value[key]?.stringValue, !text.isEmpty { return clipped(text) }
    }
    return nil
  }

  private static func clipped(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return line.count > 40 ? String(line.prefix(39)) + "…" : line
  }
}
