import ArgumentParser
import MonicaAPI
import MonicaKit
import MonicaMCP

struct MonicaMCPServer: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-mcp",
    abstract: "Serve the Monica account to AI assistants over MCP on stdio, writes confirmed and never twice.",
    discussion: Help.mcp,
    version: toolsetVersion)

  @Flag(help: "Offer the read tools only.") var readOnly = false
  @Flag(help: "Neither replay nor store answers, whatever MONICA_CACHE says.") var noCache = false
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func run() async throws {
    try await reportingFailures {
      let cache = try CacheMode.resolve(cache: nil, offline: false, noCache: noCache, environment: environment)
      let toolbox = try MonicaToolbox(
        connection: connection.connection(environment, tool: Self.toolName, unlock: unlock), readOnly: readOnly,
        cache: cache)
      do {
        try await MCPService(toolbox: toolbox).serve()
      } catch {
        throw MonicaError.unavailable(request: "the MCP session", detail: "\(error)")
      }
    }
  }
}

await MonicaMCPServer.launch()
