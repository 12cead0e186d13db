import Foundation
import Logging
import MCP
import MonicaKit

/// Standard input and output as the SDK's `StdioTransport` carries them, except that the end of
/// the input waits for the answers of the requests already read (at most `drainLimit` seconds).
/// The SDK runs each request in a task of its own and stops at the end of the input, so a client
/// that writes its requests and closes its end (`jq -n ... | monica-mcp`) would otherwise lose
/// the answers still being worked out, a confirmed write's among them.
package actor DrainingTransport: Transport {
  private let inner = StdioTransport()
  package nonisolated let logger: Logger
  /// The ids of the requests read and not answered yet.
  private var pending = Set<String>()
  private var drained: CheckedContinuation<Void, Never>?
  /// How long the end of the input waits for the answers at most.
  package static let drainLimit: Duration = .seconds(120)

  package init() { logger = inner.logger }

  package func connect() async throws { try await inner.connect() }

  package func disconnect() async { await inner.disconnect() }

  package func send(_ data: Data) async throws {
    try await inner.send(data)
    for id in Self.ids(in: data, requests: false) { pending.remove(id) }
    if pending.isEmpty { release() }
  }

  package nonisolated func receive() -> AsyncThrowingStream<Data, any Swift.Error> {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          for try await data in await self.inner.receive() {
            await self.read(data)
            continuation.yield(data)
          }
          await self.waitForAnswers()
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private func read(_ data: Data) {
    for id in Self.ids(in: data, requests: true) { pending.insert(id) }
  }

  private func waitForAnswers() async {
    guard !pending.isEmpty else { return }
    let limit = Task {
      try? await Task.sleep(for: Self.drainLimit)
      self.release()
    }
    await withCheckedContinuation { drained = $0 }
    limit.cancel()
  }

  private func release() {
    drained?.resume()
    drained = nil
  }

  /// The ids of the requests (`method` and `id`) or of the answers (`id`, no `method`) in a
  /// message or a batch.
  static func ids(in data: Data, requests: Bool) -> [String] {
    guard let message = try? JSONValue(parsing: Array(data)) else { return [] }
    let messages = message.arrayValue ?? [message]
    return messages.compactMap { message in
      guard let id = message["id"], id != .null, (message["method"] != nil) == requests else { return nil }
      return JSONWriter.plain.string(id)
    }
  }
}
