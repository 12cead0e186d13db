import Foundation
import MonicaKit
import Synchronization

/// Builds and reshapes records with Monica's exact keys and key order.
package enum RecordShapes {
  /// The relationship type groups, in the order ContactResource renders them.
  package static let relationshipGroups = ["love", "family", "friend", "work"]
  /// The statistics keys of a full contact, in order.
  package static let statisticsKeys = [
    "number_of_calls", "number_of_notes", "number_of_activities", "number_of_reminders",
    "number_of_tasks", "number_of_gifts", "number_of_debts",
  ]

  /// `complete_name` for the default `firstname_lastname` name order.
  package static func completeName(first: String, last: String?, dead: Bool) -> String {
    var name = first
    if let last { name += " " + last }
    if dead { name += " ⚰" }
    return name.trimmingCharacters(in: .whitespaces)
  }

  /// The initials Monica derives from the ASCII form of the name: one per word that starts with an
  /// ASCII letter or digit once transliterated.
  package static func initials(_ name: String) -> String {
    // Str::ascii first (Contact.php:744), then one initial per word (line 745): "Łukasz Żak" is
    // "LZ". Only each word's first letters matter, so only they are transliterated, once each:
    // ICU's Latin-ASCII, which agrees with voku/portable-ascii on the letters of names, is slow
    // to set up.
    var result = ""
    for word in name.split(whereSeparator: \.isWhitespace) {
      for character in word {
        let ascii = character.isASCII ? String(character) : transliterated(character)
        if ascii.isEmpty { continue }
        if let scalar = ascii.unicodeScalars.first, scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
          result.unicodeScalars.append(scalar)
        }
        break
      }
    }
    return result
  }

  /// The ASCII forms known so far: from the start, those of the seeded names' initials.
  private static let asciiForms = Mutex<[Character: String]>(SeedData.initialASCIIForms)

  private static func transliterated(_ character: Character) -> String {
    if let known = asciiForms.withLock({ $0[character] }) { return known }
    let ascii =
      String(character).applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? ""
    asciiForms.withLock { $0[character] = ascii }
    return ascii
  }

  /// `{"id": N}`.
  package static func accountJSON(_ id: Int) -> JSONValue {
    id == 1 ? firstAccount : .object(JSONObject(["id": .int(id)]))
  }

  /// `{"id": 1}`, the account of every seeded record, made once.
  private static let firstAccount = JSONValue.object(JSONObject(["id": .int(1)]))

  /// A contact as a free-text search returns it: Monica selects only some columns there, so the
  /// others come back false or null (`is_dead`, `is_active`, dates, career, last_called...).
  package static func searchForm(of full: JSONObject) -> JSONObject {
    guard full["is_partial"]?.boolValue != true else { return full }
    var result = full
    if let name = result["complete_name"]?.stringValue, name.hasSuffix(" ⚰") {
      result["complete_name"] = .string(String(name.dropLast(2)))
    }
    result["is_active"] = .bool(false)
    result["is_dead"] = .bool(false)
    for key in ["last_called", "stay_in_touch_frequency", "stay_in_touch_trigger_date"] where result[key] != nil {
      result[key] = .null
    }
    if var information = result["information"]?.objectValue {
      let nullDate = SpecialDate.json(nil)
      information["dates"] = .object(JSONObject(["birthdate": nullDate, "deceased_date": nullDate]))
      if information["career"] != nil {
        information["career"] = .object(JSONObject(["job": .null, "company": .null]))
      }
      if information["food_preferences"] != nil { information["food_preferences"] = .null }
      if information["how_you_met"] != nil {
        information["how_you_met"] = .object(
          JSONObject([
            "general_information": .null, "first_met_date": nullDate, "first_met_through_contact": .null,
          ]))
      }
      result["information"] = .object(information)
    }
    return result
  }

  /// A contact with `?with=contactfields`: `contactFields` and `notes` go right before `url`.
  package static func withContactFields(_ full: JSONObject, fields: [JSONValue], notes: [JSONValue]) -> JSONObject {
    guard full["is_partial"]?.boolValue != true, full["contactFields"] == nil else { return full }
    var members: [JSONObject.Member] = []
    for member in full.members {
      if member.key == "url" {
        members.append(.init("contactFields", .array(fields)))
        members.append(.init("notes", .array(notes)))
      }
      members.append(member)
    }
    return JSONObject(members)
  }

  /// Laravel's `Str::slug` for the common cases: lower-case ASCII words joined by dashes.
  package static func slug(_ text: String) -> String {
    let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    var result = ""
    var pendingDash = false
    for scalar in folded.unicodeScalars {
      if CharacterSet.alphanumerics.contains(scalar) {
        if pendingDash && !result.isEmpty { result += "-" }
        pendingDash = false
        result.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return result
  }
}
