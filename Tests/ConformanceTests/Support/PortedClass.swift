import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import MonicaTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One of Monica's PHP test classes, ported by Porter/port.py to a script of steps, run against a
/// fresh sandbox per test method (Monica wraps each method in a database transaction: each method
/// starts from the same empty account). The sandbox is in-process (`SandboxTransport`: the
/// sandbox's own handler, routes and store, without a socket or a process), so the port runs in
/// make test's in-process phase; what only the server process shows (its flags, HTTP itself) is
/// DeviationTests', FixtureRoutesTests' and EndToEndTests.SandboxTests'.
struct PortedClass: Sendable {
  /// The PHP class name, which is also the script's file name.
  let name: String

  init(_ name: String) { self.name = name }

  /// Runs one ported method; throws at the first assertion that fails, as PHPUnit stops.
  func run(_ function: String) async throws {
    let method = function.hasSuffix("()") ? String(function.dropLast(2)) : function
    let script = try Self.script(name)
    guard let test = script["tests"]?.arrayValue?.first(where: { $0["name"]?.stringValue == method }),
      let steps = test["steps"]?.arrayValue
    else { throw PortFailure("\(name)::\(method) has no ported steps") }
    // Another account's rows, a frozen clock, compliance terms, Monica's configuration and the
    // columns the API never prints are the sandbox's fixture routes, which only --fixture-routes
    // serves: every other method runs against the tools' ordinary sandbox.
    let text = JSONWriter.plain.string(.array(steps))
    let fixtures = ["\"other\":", "\"clock\":", "\"fixture\":"].contains(where: text.contains)
    var machine = try PortMachine.sandbox(fixtureRoutes: fixtures, helpers: script["helpers"]?.objectValue)
    _ = try await machine.run(steps)
  }

  private static func script(_ name: String) throws -> JSONValue {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let data = try Data(contentsOf: folder.appendingPathComponent("Scripts/\(name).json"))
    return try JSONValue(parsing: Array(data))
  }
}

/// An assertion of a ported method failed, or its script could not run.
struct PortFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// What a request answered.
struct PortResponse {
  let status: Int
  let body: JSONValue
  let text: String
}

/// The interpreter of a ported method's steps: variables, HTTP requests, Laravel's assertions.
struct PortMachine {
  let api: String
  let token: String
  /// What carries the requests to the sandbox.
  let transport: SandboxTransport
  let helpers: JSONObject?
  var variables: [String: JSONValue] = [:]
  var responses: [String: PortResponse] = [:]
  /// Whether `$this->signin()` ran: requests carry the token from then on.
  var signedIn = false

  init(api: String, token: String, transport: SandboxTransport, helpers: JSONObject?) {
    self.api = api
    self.token = token
    self.transport = transport
    self.helpers = helpers
  }

  /// Runs steps in order; answers the value of a `return`, if any.
  mutating func run(_ steps: [JSONValue]) async throws -> JSONValue? {
    for step in steps {
      if let count = step["repeat"]?.intValue {
        // `factory(X::class, N)->create()` keeps the N models as a collection.
        var made: [JSONValue] = []
        for _ in 0..<count {
          for inner in step["steps"]?.arrayValue ?? [] {
            if let route = inner["create"]?.stringValue {
              let model = try await create(route, inner)
              made.append(model)
              if let name = inner["var"]?.stringValue { variables[name] = model }
            } else {
              _ = try await run([inner])
            }
          }
        }
        if let name = step["var"]?.stringValue { variables[name] = .array(made) }
      } else if let value = step["return"] {
        return try evaluate(value)
      } else if step["assert"] != nil {
        try await check(step)
      } else {
        try await perform(step)
      }
    }
    return nil
  }

  private mutating func perform(_ step: JSONValue) async throws {
    let name = step["var"]?.stringValue
    var result: JSONValue = .null
    if step["signin"] != nil {
      signedIn = true
      let me = try await send("GET", "/api/me", nil)
      guard var user = me.body["data"]?.objectValue else { throw PortFailure("GET /api/me: \(me.text)") }
      user["account_id"] = user["account"]?["id"] ?? .int(1)
      result = .object(user)
    } else if let route = step["create"]?.stringValue {
      result = try await create(route, step)
    } else if let instant = step["clock"] {
      // `Carbon::setTestNow(...)`: the sandbox's clock stands still at that instant.
      let response = try await send("POST", "/sandbox/clock", .object(JSONObject(["now": instant])))
      guard response.status == 200 else { throw PortFailure("POST /sandbox/clock: \(response.text)") }
    } else if let route = step["other"]?.stringValue {
      result = try await otherRow(route, step)
    } else if let conversation = step["message"] {
      // `factory(Message::class)`: a message added through its conversation's route, which
      // answers the conversation with its messages, the new one last.
      let id = Self.phpString(try evaluate(conversation))
      let body = try evaluate(step["body"] ?? .null)
      let response = try await send("POST", "/api/conversations/\(id)/messages", body)
      guard response.status < 300, var message = response.body["data"]?["messages"]?.arrayValue?.last?.objectValue
      else { throw PortFailure("factory POST /api/conversations/\(id)/messages: \(response.text)") }
      message["conversation_id"] = response.body["data"]?["id"]
      message["contact_id"] = message["contact"]?["id"]
      result = .object(message)
    } else if let path = step["fixture"] {
      // What a factory or Eloquent does that no API route does: the sandbox's fixture route.
      let method = step["method"]?.stringValue ?? "POST"
      let body = try step["body"].flatMap { $0 == .null ? nil : try evaluate($0) }
      let response = try await send(method, try evaluate(path).displayText, body)
      guard response.status < 300 else { throw PortFailure("\(method) \(path): \(response.status) \(response.text)") }
      result = response.body["data"] ?? response.body
    } else if let seeded = step["seeded"] {
      result = try await seededRow(seeded.stringValue, match: try evaluate(step["match"] ?? .null))
    } else if let method = step["request"]?.stringValue {
      let path = try evaluate(step["path"] ?? .null).displayText
      let body = try step["body"].flatMap { $0 == .null ? nil : try evaluate($0) }
      let response = try await send(method, path, body)
      if let name { responses[name] = response }
      return
    } else if let helper = step["helper"]?.stringValue, let definition = helpers?[helper] {
      var inner = PortMachine(api: api, token: token, transport: transport, helpers: helpers)
      inner.signedIn = signedIn
      let arguments = try (step["args"]?.arrayValue ?? []).map { try evaluate($0) }
      for (parameter, value) in zip(definition["params"]?.arrayValue ?? [], arguments) {
        inner.variables[parameter.stringValue ?? ""] = value
      }
      result = try await inner.run(definition["steps"]?.arrayValue ?? []) ?? .null
    } else if let value = step["value"] {
      result = try evaluate(value)
    } else {
      throw PortFailure("unknown step \(JSONWriter.plain.string(step))")
    }
    if let name { variables[name] = result }
  }

  /// A factory: the parents it needs first, then the POST, then the model as PHP sees it.
  mutating func create(_ route: String, _ step: JSONValue) async throws -> JSONValue {
    var body = step["defaults"]?.objectValue ?? JSONObject()
    if step["contact"]?.boolValue == true {
      body["contact_id"] = try await post("/api/contacts", Self.contactDefaults)["id"]
    }
    if step["attendee"]?.boolValue == true {
      body["contacts"] = .array([try await post("/api/contacts", Self.contactDefaults)["id"] ?? .null])
    }
    for member in step["parents"]?.objectValue?.members ?? [] {
      let defaults = step["parentDefaults"]?[member.key]?.objectValue ?? JSONObject()
      body[member.key] = try await post(member.value.stringValue ?? "", defaults)["id"]
    }
    for member in try evaluate(step["body"] ?? .null).objectValue?.members ?? [] { body[member.key] = member.value }
    if let upload = step["upload"], let field = upload["field"]?.stringValue {
      body[field] = Self.fakeFile(upload["filename"]?.stringValue ?? "file.jpg")
    }
    var model = try await post(route, body)
    for member in model.members {
      if let id = member.value["id"], member.value.objectValue != nil, model[member.key + "_id"] == nil {
        model[member.key + "_id"] = id
      }
    }
    for alias in step["aliases"]?.arrayValue ?? [] { model[alias.stringValue ?? ""] = .object(model) }
    for member in try evaluate(step["columns"] ?? .null).objectValue?.members ?? [] where model[member.key] == nil {
      model[member.key] = member.value
    }
    return .object(model)
  }

  /// A factory of another account's model: its parents' ids and its own reserved through the
  /// sandbox's `POST /sandbox/accounts/2/<route>`, then the model as PHP sees it (ids and the
  /// attributes the factory was given; nothing else of it is ever read through the API).
  private func otherRow(_ route: String, _ step: JSONValue) async throws -> JSONValue {
    var model = JSONObject()
    for member in step["parents"]?.objectValue?.members ?? [] {
      model[member.key] = try await reserve(member.value.stringValue ?? "")
    }
    for member in try evaluate(step["columns"] ?? .null).objectValue?.members ?? [] { model[member.key] = member.value }
    model["id"] = try await reserve(route)
    model["account_id"] = .int(2)
    return .object(model)
  }

  private func reserve(_ route: String) async throws -> JSONValue {
    let path = "/sandbox/accounts/2/" + route.replacingOccurrences(of: "/api/", with: "")
    let response = try await send("POST", path, nil)
    guard response.status == 201, let id = response.body["id"] else {
      throw PortFailure("POST \(path): \(response.status) \(response.text)")
    }
    return id
  }

  /// A factory of a model no API route creates: the seeded row whose fields match, by its list.
  private func seededRow(_ route: String?, match: JSONValue) async throws -> JSONValue {
    guard let route else { return .object(JSONObject(["id": .int(1)])) }
    let rows = try await send("GET", route + "?limit=100", nil).body["data"]?.arrayValue ?? []
    let pairs = match.objectValue?.members ?? []
    guard
      let row = rows.first(where: { row in
        pairs.allSatisfy { row[$0.key].map(Self.phpString) == Self.phpString($0.value) }
      })
    else { throw PortFailure("no seeded row of \(route) with \(Self.brief(match))") }
    return row
  }

  /// A machine on a new in-process sandbox with `contacts` seeded contacts and no rate limit, as
  /// `monica-sandbox --contacts N --rate-limit 0` (with `--fixture-routes` when `fixtureRoutes`).
  static func sandbox(contacts: Int = 0, fixtureRoutes: Bool = false, helpers: JSONObject? = nil) throws -> PortMachine
  {
    var configuration = SandboxConfiguration()
    configuration.contacts = contacts
    configuration.rateLimiter = try RateLimiter.parse("0")
    configuration.fixtureRoutes = fixtureRoutes
    let transport = try SandboxTransport(configuration, timeout: 60, limit: 64 << 20)
    return PortMachine(
      api: transport.sandbox.baseURL + "/api", token: transport.sandbox.token, transport: transport, helpers: helpers)
  }

  /// The same, signed in: every request carries the token.
  static func signedIn(contacts: Int = 0, fixtureRoutes: Bool = false) throws -> PortMachine {
    var machine = try sandbox(contacts: contacts, fixtureRoutes: fixtureRoutes)
    machine.signedIn = true
    return machine
  }

  static let contactDefaults = JSONObject([
    "first_name": .string("John"), "last_name": .string("Doe"), "is_birthdate_known": .bool(false),
    "is_deceased": .bool(false), "is_deceased_date_known": .bool(false),
  ])

  private func post(_ route: String, _ body: JSONObject) async throws -> JSONObject {
    let response = try await send("POST", route, .object(body))
    guard response.status < 300, let data = response.body["data"]?.objectValue else {
      throw PortFailure("factory POST \(route) \(JSONWriter.plain.string(.object(body))): \(response.text)")
    }
    return data
  }

  /// One JSON request with the token, as Laravel's `$this->json()` sends it.
  func send(_ method: String, _ path: String, _ body: JSONValue?) async throws -> PortResponse {
    let rooted = path.hasPrefix("/api") || path.hasPrefix("/sandbox/")
    let target = rooted ? String(api.dropLast(4)) + path : api + path
    guard let url = URL(string: target) else { throw PortFailure("bad path \(path)") }
    var request = URLRequest(url: url)
    request.httpMethod = method
    if signedIn { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let body, let form = Self.multipart(body) {
      request.setValue("multipart/form-data; boundary=\(Self.boundary)", forHTTPHeaderField: "Content-Type")
      request.httpBody = form
    } else {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      if let body { request.httpBody = Data(JSONWriter.plain.bytes(body)) }
    }
    let response: HTTPResponse
    do { response = try await transport.send(request) } catch { throw PortFailure("\(method) \(path): \(error)") }
    let data = response.body
    let parsed = (try? JSONValue(parsing: Array(data))) ?? .null
    return PortResponse(status: response.status, body: parsed, text: String(decoding: data, as: UTF8.self))
  }
}
