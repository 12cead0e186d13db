import Foundation
import Testing

@testable import MonicaKit

/// `MergeGroup`: a line is refused before any request when it cannot be trusted (a repeated key,
/// a huge group, ids that are not ids), its names are checked against the server's, and the
/// contacts read are checked for what says they are two people.
@Suite struct MergeGroupTests {
  func group(_ line: String, maxSize: Int = MergeGroup.defaultMaxSize) throws(MonicaError) -> MergeGroup {
    try MergeGroup(line: Array(line.utf8), source: "stdin", number: 3, maxSize: maxSize)
  }

  func reason(_ line: String, maxSize: Int = MergeGroup.defaultMaxSize) -> String? {
    do {
      _ = try group(line, maxSize: maxSize)
      return nil
    } catch {
      guard case .malformedInput(_, let number, let reason) = error, number == 3 else { return "\(error)" }
      return reason
    }
  }

  func contact(_ text: String) throws -> JSONObject {
    try #require(try JSONValue(parsing: Array(text.utf8)).objectValue)
  }

  @Test("a repeated key is refused, at any depth, as monica-push refuses it")
  func repeatedKeys() {
    let twice = reason(#"{"object":"duplicate","keep":1,"merge":[2],"merge":[5]}"#)
    #expect(twice?.contains(#""merge" appears twice"#) == true, "\(twice ?? "accepted")")
    let deep = reason(#"{"object":"duplicate","keep":1,"merge":[2],"contacts":[{"id":1,"name":"A","name":"B"}]}"#)
    #expect(deep?.contains(#""name" appears twice"#) == true, "\(deep ?? "accepted")")
  }

  @Test("a group larger than --max-group is refused; one at the limit is a group")
  func groupSize() throws {
    let ids = (2...5_000).map(String.init).joined(separator: ",")
    let huge = reason(#"{"object":"duplicate","keep":1,"merge":[\#(ids)]}"#)
    #expect(huge?.contains("joins 5000 contacts, more than 20") == true, "\(huge ?? "accepted")")
    let twenty = (2...20).map(String.init).joined(separator: ",")
    #expect(try group(#"{"object":"duplicate","keep":1,"merge":[\#(twenty)]}"#).merge.count == 19)
    #expect(reason(#"{"object":"duplicate","keep":1,"merge":[\#(ids)]}"#, maxSize: 5_000) == nil)
  }

  @Test("ids that are not positive integers, and contacts outside the group, are refused")
  func badIDs() {
    #expect(reason(#"{"object":"duplicate","keep":1,"merge":[2,"x"]}"#)?.contains("positive contact ids") == true)
    #expect(reason(#"{"object":"duplicate","keep":1,"merge":[2,-4]}"#)?.contains("positive contact ids") == true)
    #expect(reason(#"{"object":"duplicate","keep":1,"merge":[1]}"#)?.contains("only the keeper") == true)
    let outside = reason(#"{"object":"duplicate","keep":1,"merge":[2],"contacts":[{"id":9,"name":"X"}]}"#)
    #expect(outside?.contains("#9, which is not in the group") == true)
    #expect(reason(#"{"object":"contact","keep":1,"merge":[2]}"#)?.contains("not a monica-dedupe line") == true)
  }

  @Test("the names a line gives are checked against the server's, as people read them")
  func names() throws {
    let line = try group(
      #"{"object":"duplicate","keep":1,"merge":[2],"score":0.95,"reasons":["same e-mail a@x.org"],"#
        + #""contacts":[{"id":1,"name":"Zoë Nguyễn"},{"id":2,"name":"Sam Rivera"}]}"#)
    #expect(line.score == "0.95" && line.reasons == ["same e-mail a@x.org"])
    let zoe = try contact(#"{"id":1,"first_name":"zoe","last_name":"NGUYEN "}"#)
    let sam = try contact(#"{"id":2,"first_name":"Samuel","last_name":"Rivera"}"#)
    #expect(line.nameMismatches([zoe]).isEmpty, "case, accents and spaces do not count")
    #expect(line.nameMismatches([zoe, sam]) == [#"#2 is "Samuel Rivera" on the server, "Sam Rivera" in the line"#])
  }

  let lukasz = #"""
    {"id":1,"first_name":"Łukasz","last_name":"Martínez","gender_type":"M","is_dead":false,
    "information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":false,"date":"1947-05-06T00:00:00Z"}}},
    "contactFields":[{"content":"+48 601 234 567","contact_field_type":{"type":"phone"}},
    {"content":"lukasz@example.org","contact_field_type":{"type":"email"}}]}
    """#

  @Test("a shared phone joins no strangers: first names, genders, birthdays and e-mails say two people")
  func strangers() throws {
    let bjorn = try contact(
      #"""
      {"id":2,"first_name":"Björn","last_name":"Kowalski","gender_type":"F","is_dead":false,
      "information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":false,"date":"1990-01-02T00:00:00Z"}}},
      "contactFields":[{"content":"+48 601 234 567","contact_field_type":{"type":"phone"}},
      {"content":"bjorn@example.org","contact_field_type":{"protocol":"mailto:"}}]}
      """#)
    let reasons = MergeGroup.contradictions(between: try contact(lukasz), and: bjorn)
    #expect(
      reasons == [
        "e-mail addresses differ: lukasz@example.org / bjorn@example.org", "first names differ: Łukasz / Björn",
        "last names differ: Martínez / Kowalski", "genders differ: M / F", "birthdays differ: 1947-05-06 / 1990-01-02",
      ])
    #expect(MergeGroup.contradictions([try contact(lukasz), bjorn]) == ["#1 / #2: " + reasons.joined(separator: "; ")])
  }

  @Test("one record of one person does not contradict: nickname, case, accents, a missing value")
  func samePerson() throws {
    let lukasz = try contact(self.lukasz)
    let nickname = try contact(#"{"id":3,"first_name":"Luke","nickname":"lukasz","gender_type":"","is_dead":false}"#)
    let folded = try contact(
      #"""
      {"id":4,"first_name":"LUKASZ","gender_type":"O","is_dead":false,
      "information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":true,"date":"2000-05-06T00:00:00Z"}}},
      "contactFields":[{"content":"LUKASZ@example.org","contact_field_type":{"type":"email"}}]}
      """#)
    #expect(MergeGroup.contradictions(between: lukasz, and: nickname).isEmpty)
    #expect(MergeGroup.contradictions(between: lukasz, and: folded).isEmpty, "a birthday without its year agrees")
  }

  @Test("one living and one deceased are two people until --force says otherwise")
  func livingAndDead() throws {
    let living = try contact(#"{"id":5,"first_name":"علي","last_name":"منصور","is_dead":false}"#)
    let dead = try contact(#"{"id":6,"first_name":"علي","last_name":"منصور","is_dead":true}"#)
    #expect(
      MergeGroup.contradictions(between: living, and: dead) == ["one deceased, one living: علي منصور is deceased"])
    let pairs = MergeGroup.contradictingPairs([
      living, dead, try contact(#"{"id":7,"first_name":"علي","is_dead":false}"#),
    ])
    #expect(pairs.map(\.ids.0) == [5, 6] && pairs.map(\.ids.1) == [6, 7])
  }
}
