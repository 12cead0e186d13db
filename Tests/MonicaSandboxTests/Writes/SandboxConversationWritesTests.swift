import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates, updates and deletes of conversations and their messages, down to Monica
/// 4.1.2's status codes.
extension SandboxKindWritesTests {
  @Test("a conversation: 201 with no messages; each message answers the whole conversation, 200")
  func conversation() throws {
    let made = try send(
      "POST", "conversations",
      #"{"happened_at":"2021-05-06T07:08:09Z","contact_id":\#(active),"contact_field_type_id":1}"#)
    #expect(made.status == 201, "\(made.json)")
    let id = try #require(made.json["data"]?["id"]?.intValue)
    #expect(made.json["data"]?["messages"] == .array([]))
    #expect(made.json["data"]?["contact_field_type"]?["name"] == .string("Email"))
    var ids: [Int] = []
    for (offset, text) in ["Hello", "Bonjour 👋"].enumerated() {
      let message = try send(
        "POST", "conversations/\(id)/messages",
        #"{"written_at":"2021-05-06T07:1\#(offset):00Z","written_by_me":\#(offset == 0),"content":"\#(text)"}"#)
      #expect(message.status == 200, "\(message.json)")
      let messages = message.json["data"]?["messages"]?.arrayValue ?? []
      #expect(messages.count == offset + 1 && messages.last?["content"] == .string(text))
      ids.append(messages.last?["id"]?.intValue ?? 0)
    }
    #expect(ids[1] > ids[0])
    let extra = try send(
      "POST", "conversations",
      #"{"happened_at":"2021-05-06","contact_id":\#(active),"contact_field_type_id":1,"messages":[]}"#)
    #expect(extra.status == 500 && extra.json["error"]?["error_code"]?.intValue == 40)
    let noType = try send(
      "POST", "conversations", #"{"happened_at":"2021-05-06","contact_id":\#(active),"contact_field_type_id":999}"#)
    #expect(noType.status == 422)
    let badMessage = try send("POST", "conversations/\(id)/messages", #"{"content":"x"}"#)
    #expect(badMessage.status == 422 && badMessage.json["error"]?["message"]?.arrayValue?.count == 2)
    #expect(try send("POST", "conversations/99999/messages", #"{"content":"x"}"#).status == 404)
  }

  @Test("PUT conversations changes the date and the medium, keeps the messages; 422 for an unknown id, 404 type")
  func updateConversation() throws {
    let conversation = try #require(threadOfActive)
    let id = try #require(conversation["id"]?.intValue)
    let updated = try send(
      "PUT", "conversations/\(id)", #"{"happened_at":"2020-01-02 03:04:05","contact_field_type_id":3}"#)
    #expect(updated.status == 200, "\(updated.json)")
    let record = try #require(updated.json["data"]?.objectValue)
    #expect(record.keys == conversation.keys)
    #expect(record["happened_at"] == .string("2020-01-02T03:04:05Z"))
    #expect(record["contact_field_type"]?["name"] == .string("Facebook"))
    #expect(record["messages"] == conversation["messages"] && record["contact"] == conversation["contact"])
    #expect(try send("GET", "conversations/\(id)").json["data"] == .object(record))
    expectMessages(
      try send("PUT", "conversations/99999", #"{"happened_at":"2020-01-02","contact_field_type_id":3}"#),
      ["The selected conversation id is invalid."])
    expectMessages(
      try send("PUT", "conversations/\(id)", "{}"),
      ["The happened at field is required.", "The contact field type id field is required."])
    let noType = try send("PUT", "conversations/\(id)", #"{"happened_at":"2020-01-02","contact_field_type_id":99}"#)
    #expect(noType.status == 404 && noType.json["error"]?["error_code"] == .int(31))
    archive(try #require(conversation["contact"]?["id"]?.intValue))
    expectMessages(
      try send("PUT", "conversations/\(id)", #"{"happened_at":"2020-01-02","contact_field_type_id":3}"#),
      [StoreWriter.archivedMessage])
  }

  @Test("DELETE conversations: its messages go with it, the id as a number; then 422, as the rule says exists")
  func deleteConversation() throws {
    let conversation = try #require(threadOfActive)
    let id = try #require(conversation["id"]?.intValue)
    let message = try #require(conversation["messages"]?.arrayValue?.first?["id"]?.intValue)
    let gone = try send("DELETE", "conversations/\(id)")
    #expect(gone.json == .object(JSONObject(["deleted": .bool(true), "id": .int(id)])))
    #expect(try send("GET", "conversations/\(id)").status == 404)
    let body = #"{"written_at":"2020-01-01","written_by_me":true,"content":"x"}"#
    #expect(try send("PUT", "conversations/\(id)/messages/\(message)", body).status == 404)
    expectMessages(try send("DELETE", "conversations/\(id)"), ["The selected conversation id is invalid."])
    #expect(try send("DELETE", "conversations/x").status == 500)
  }

  @Test("PUT and DELETE a message: the conversation's own only (404 otherwise), the whole conversation answered")
  func messages() throws {
    let made = try send(
      "POST", "conversations", #"{"happened_at":"2021-05-06","contact_id":\#(active),"contact_field_type_id":1}"#)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    var ids: [Int] = []
    for text in ["one", "two"] {
      let answer = try send(
        "POST", "conversations/\(id)/messages",
        #"{"written_at":"2021-05-06","written_by_me":true,"content":"\#(text)"}"#)
      ids.append(answer.json["data"]?["messages"]?.arrayValue?.last?["id"]?.intValue ?? 0)
    }
    let before = try #require(try send("GET", "conversations/\(id)").json["data"]?["messages"]?.arrayValue)
    let body = #"{"written_at":"2021-05-07 08:09:10","written_by_me":"0","content":"uno","contact_id":1}"#
    let updated = try send("PUT", "conversations/\(id)/messages/\(ids[0])", body)
    #expect(updated.status == 200, "\(updated.json)")
    let messages = try #require(updated.json["data"]?["messages"]?.arrayValue)
    #expect(messages.count == 2 && messages[1] == before[1])
    #expect(messages[0]["content"] == .string("uno") && messages[0]["written_by_me"] == .bool(false))
    #expect(messages[0]["written_at"] == .string("2021-05-07T08:09:10Z"))
    #expect(messages[0]["contact"] == before[0]["contact"] && messages[0]["uuid"] == before[0]["uuid"])
    #expect(try send("GET", "conversations/\(id)").json["data"] == updated.json["data"])
    // Another conversation's message, or an unknown one, is not found (UpdateMessage.php:55-58).
    let firsts = contents[.conversation].all.compactMap { $0["messages"]?.arrayValue?.first?["id"]?.intValue }
    let foreign = try #require(firsts.first)
    #expect(try send("PUT", "conversations/\(id)/messages/\(foreign)", body).status == 404)
    #expect(try send("PUT", "conversations/\(id)/messages/99999", body).status == 404)
    #expect(try send("PUT", "conversations/99999/messages/\(ids[0])", body).status == 404)
    #expect(try send("DELETE", "conversations/\(id)/messages/\(foreign)").status == 404)
    expectMessages(
      try send("PUT", "conversations/\(id)/messages/\(ids[0])", #"{"written_by_me":2}"#),
      [
        "The written at field is required.", "The written by me field must be true or false.",
        "The content field is required.",
      ])
    #expect(try send("PUT", "conversations/\(id)/messages/x", body).status == 500)
    let gone = try send("DELETE", "conversations/\(id)/messages/\(ids[1])")
    #expect(gone.json == .object(JSONObject(["deleted": .bool(true), "id": .int(ids[1])])))
    #expect(try send("GET", "conversations/\(id)").json["data"]?["messages"]?.arrayValue?.count == 1)
    #expect(try send("DELETE", "conversations/\(id)/messages/\(ids[1])").status == 404)
    archive(active)
    expectMessages(try send("PUT", "conversations/\(id)/messages/\(ids[0])", body), [StoreWriter.archivedMessage])
    expectMessages(try send("DELETE", "conversations/\(id)/messages/\(ids[0])"), [StoreWriter.archivedMessage])
  }

  @Test("a message's route takes PUT, PATCH and DELETE; GET is a 405 naming them (routes/api.php:84)")
  func messageRoutes() {
    let segments = ["conversations", "4", "messages", "7"]
    #expect(SandboxAPI.match(method: "PUT", segments: segments) == .found(.updateMessage("4", "7")))
    #expect(SandboxAPI.match(method: "PATCH", segments: segments) == .found(.updateMessage("4", "7")))
    #expect(SandboxAPI.match(method: "DELETE", segments: segments) == .found(.deleteMessage("4", "7")))
    #expect(
      SandboxAPI.match(method: "GET", segments: segments)
        == .methodNotAllowed(used: "GET", allowed: ["PUT", "PATCH", "DELETE"]))
  }
}
