/// The environment of a `--exec` command: built here, name by name, never passed through whole,
/// so that the Monica token cannot reach a delivery script.
///
/// Inherited: every variable of monica-remind's own environment except those named `MONICA_*`
/// (MONICA_TOKEN, MONICA_TOKEN_FILE, MONICA_PASSPHRASE, MONICA_URL, ...) and any whose value
/// holds the token. Added: `REMIND_*`, the occurrence's main fields, each on one line (control
/// characters made spaces), so that `curl -H "Title: $REMIND_SUBJECT"` cannot be given a header
/// of a name's making. The whole record, as it was written, is the command's standard input.
package enum DeliveryEnvironment {
  /// The variables of the command that delivers `occurrence` on `today`.
  package static func variables(
    inherited: [String: String], occurrence: Occurrence, today: CalendarDate, instance: String?, token: String?
  ) -> [String: String] {
    var result: [String: String] = [:]
    for (name, value) in inherited where !name.hasPrefix("MONICA_") && !name.hasPrefix("REMIND_") {
      if let token, !token.isEmpty, value.contains(token) { continue }
      result[name] = value
    }
    let contact = occurrence.contact
    let fields: [(String, String?)] = [
      ("KIND", occurrence.kind.rawValue),
      ("DATE", occurrence.date.description),
      ("DUE", occurrence.dueDate.description),
      ("DAYS_BEFORE", String(occurrence.daysBefore)),
      ("TITLE", occurrence.title),
      ("SUBJECT", occurrence.subject(today: today)),
      ("DESCRIPTION", occurrence.description),
      ("CONTACT", contact.name),
      ("CONTACT_ID", String(contact.id)),
      ("CONTACT_UUID", contact.uuid),
      ("CONTACT_URL", contact.link(on: instance)),
      ("AGE", occurrence.age.map(String.init)),
      ("YEARS", occurrence.years.map(String.init)),
      ("REMINDER_ID", occurrence.reminder.map { String($0.id) }),
      ("KEY", occurrence.key),
    ]
    for (name, value) in fields {
      guard let value else { continue }
      result["REMIND_" + name] = MailMessage.singleLine(value)
    }
    return result
  }

  /// The names `variables` adds, for the help text.
  package static let names = [
    "REMIND_KIND", "REMIND_DATE", "REMIND_DUE", "REMIND_DAYS_BEFORE", "REMIND_TITLE", "REMIND_SUBJECT",
    "REMIND_DESCRIPTION", "REMIND_CONTACT", "REMIND_CONTACT_ID", "REMIND_CONTACT_UUID", "REMIND_CONTACT_URL",
    "REMIND_AGE", "REMIND_YEARS", "REMIND_REMINDER_ID", "REMIND_KEY",
  ]
}
