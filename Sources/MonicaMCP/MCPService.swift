import Foundation
import MCP
import MonicaKit

/// The toolbox served over the Model Context Protocol: `tools/list` lists the session's tools
/// with their schemas and honest hints, `tools/call` runs one and answers its text and structured
/// result; an unknown tool or bad arguments are error results, and the server goes on.
package struct MCPService: Sendable {
  /// The tools.
  package let toolbox: MonicaToolbox

  package init(toolbox: MonicaToolbox) { self.toolbox = toolbox }

  /// The protocol's view of a tool: read tools are read-only, write tools only add (never
  /// destructive) and are idempotent (a repeated confirmed call writes nothing more).
  package static func tool(_ definition: ToolDefinition) -> Tool {
    Tool(
      name: definition.name, title: definition.title, description: definition.description,
      inputSchema: value(definition.inputSchema),
      annotations: Tool.Annotations(
        title: definition.title, readOnlyHint: definition.readOnly, destructiveHint: false, idempotentHint: true,
        openWorldHint: false))
  }

  /// Serves on standard input and output until the client closes them.
  package func serve() async throws {
    let server = Server(
      name: "monica-mcp", version: toolsetVersion,
      instructions:
        "Tools for the user's Monica personal CRM. Name people as the user does; when a name fits several "
        + "contacts, ask the user which one. Writes answer with a plan and a confirmation key first: show the plan, "
        + "and call again with the key only once the user agrees.",
      capabilities: Server.Capabilities(tools: Server.Capabilities.Tools(listChanged: false)))
    let toolbox = self.toolbox
    await server.withMethodHandler(ListTools.self) { _ in
      ListTools.Result(tools: toolbox.tools.map(Self.tool))
    }
    await server.withMethodHandler(CallTool.self) { parameters in
      var arguments = JSONObject()
      for (key, argument) in (parameters.arguments ?? [:]).sorted(by: { $0.key < $1.key }) {
        arguments[key] = Self.json(argument)
      }
      let answer = await toolbox.call(parameters.name, arguments)
      let structured: Value? = Self.value(.object(answer.structured))
      return CallTool.Result(
        content: [.text(text: answer.text, annotations: nil, _meta: nil)], structuredContent: structured,
        isError: answer.isError)
    }
    try await server.start(transport: DrainingTransport())
    await server.waitUntilCompleted()
  }

  /// A record's JSON as the SDK's value: whole numbers as integers, others as doubles.
  package static func value(_ json: JSONValue) -> Value {
    switch json {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .number(let text): Int(text).map(Value.int) ?? Double(text).map(Value.double) ?? .string(text)
    case .string(let text): .string(text)
    case .array(let items): .array(items.map(value))
    case .object(let object):
      .object(Dictionary(object.members.map { ($0.key, value($0.value)) }, uniquingKeysWith: { first, _ in first }))
    }
  }

  /// An argument as the toolbox reads it.
  package static func json(_ value: Value) -> JSONValue {
    switch value {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .int(let number): .int(number)
    case .double(let number):
      number.rounded() == number && abs(number) < 1e15 ? .int(Int(number)) : .number(String(number))
    case .string(let text): .string(text)
    case .data(_, let data): .string(data.base64EncodedString())
    case .array(let items): .array(items.map(json))
    case .object(let object):
      .object(JSONObject(object.sorted { $0.key < $1.key }.map { JSONObject.Member($0.key, json($0.value)) }))
    }
  }
}
