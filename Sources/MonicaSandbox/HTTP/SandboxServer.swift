import Foundation
import Hummingbird
import Logging
import MonicaKit
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// The request context: Hummingbird's, plus the connection so faults can cut or reset it.
package struct SandboxContext: RequestContext {
  package var coreContext: CoreRequestContextStorage
  /// The client connection.
  package let channel: any Channel

  package init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }
}

/// The local Monica 4.x server: binds 127.0.0.1, announces itself, serves until SIGINT/SIGTERM.
package enum SandboxServer {
  /// Runs the sandbox; `announce` receives the instance URL once it listens.
  package static func run(_ configuration: SandboxConfiguration, announce: @escaping @Sendable (String) -> Void)
    async throws
  {
    let token = try makeToken(configuration)
    let log = try configuration.log.map { path throws(MonicaError) in try RequestLog(path: path, secret: token.text) }
    // Parse files before binding, so a bad line fails before anything listens.
    var loaded: (contents: StoreContents, savedBaseURL: String?)?
    if let path = configuration.state, FileManager.default.fileExists(atPath: path) {
      loaded = try StoreFile.load(path)
    } else if let path = configuration.load {
      loaded = try StoreFile.load(path)
    }
    let preloaded = loaded
    let handler = SandboxHandler(configuration: configuration, token: token, log: log)
    let origins = OriginBases()
    var logger = Logger(label: "monica-sandbox")
    logger.logLevel = .critical
    let app = Application(
      responder: SandboxResponder(handler: handler),
      configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: nil),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? configuration.port
        let baseURL = "http://127.0.0.1:\(port)"
        origins.instance = baseURL
        let gravatar = await waitForGravatar(origins)
        var contents: StoreContents
        if var loaded = preloaded {
          // A file's urls follow the sandbox: its port, the gravatar stand-in, public storage.
          if let saved = loaded.savedBaseURL { StoreFile.rebase(&loaded.contents, from: saved, to: baseURL) }
          if let gravatar { StoreFile.rebase(&loaded.contents, from: GravatarOrigin.realBase, to: gravatar) }
          if configuration.publicStorage {
            StoreFile.rebase(&loaded.contents, from: baseURL + "/store/", to: baseURL + "/storage/")
          }
          contents = loaded.contents
        } else {
          // Seeded with the urls it is served at, so that no pass over the whole store rewrites them.
          let urls = SeedURLs(
            base: baseURL, publicStorage: configuration.publicStorage, gravatar: gravatar ?? GravatarOrigin.realBase)
          contents = SeedData.make(seed: configuration.seed, contacts: configuration.contacts, urls: urls)
          if configuration.duplicates {
            contents = SeedData.addingDuplicates(contents, urls: urls, now: Int(Date().timeIntervalSince1970))
          }
        }
        let store = RecordStore(contents: contents)
        handler.start(
          SandboxAPI(
            store: store, baseURL: baseURL, maxPageSize: configuration.maxPageSize, statePath: configuration.state,
            publicStorage: configuration.publicStorage))
        if preloaded == nil, let path = configuration.state {
          // A new state file holds the seeded store from the start, not only after a write.
          do { try StoreFile.save(contents, baseURL: baseURL, to: path) } catch {
            StandardError.line("monica-sandbox: error: \(path): cannot write the state file")
          }
        }
        if let path = configuration.readyFile {
          var fields = JSONObject([
            "url": .string(baseURL), "api": .string(baseURL + "/api"), "token": .string(token.text),
          ])
          if let gravatar { fields["gravatar"] = .string(gravatar) }
          let ready = JSONValue.object(fields)
          do {
            let temporary = path + ".tmp"
            try Data(JSONWriter.plain.bytes(ready) + [0x0A]).write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 {
              StandardError.line("monica-sandbox: error: \(path): cannot write the ready file")
            }
          } catch {
            StandardError.line("monica-sandbox: error: \(path): cannot write the ready file")
          }
        }
        announce(baseURL)
      },
      logger: logger)
    // The seeded gravatars are served by the sandbox itself, on a second loopback origin.
    let gravatars = GravatarOrigin.application(
      port: configuration.gravatarPort, instance: { origins.instance }, latency: configuration.latencyMilliseconds,
      log: log,
      ready: { base in
        GravatarOrigin.use(base)
        origins.gravatar = base
      })
    let services: [any Service] = [app, gravatars]
    let group = ServiceGroup(
      configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await group.run()
    } catch let error as IOError where error.errnoCode == EADDRINUSE {
      throw MonicaError.unavailable(request: "127.0.0.1:\(configuration.port)", detail: "address already in use")
    } catch let error as IOError {
      throw MonicaError.unavailable(request: "127.0.0.1:\(configuration.port)", detail: String(describing: error))
    }
  }

  /// The second origin's base URL once it listens (at most 10 s).
  private static func waitForGravatar(_ origins: OriginBases) async -> String? {
    for _ in 0..<1_000 {
      if let base = origins.gravatar { return base }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return nil
  }

  /// The token: the file's trimmed content, or a fresh Passport-like JWT.
  static func makeToken(_ configuration: SandboxConfiguration) throws(MonicaError) -> AccessToken {
    guard let path = configuration.tokenFile else {
      return .generate(expiresInDays: configuration.tokenExpiresInDays, now: Int(Date().timeIntervalSince1970))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .notFound("\(path): cannot read the token file")
    }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw .usage("--token-file \(path): the file is empty") }
    return AccessToken(text: text)
  }
}

/// Hands every request to the handler.
struct SandboxResponder: HTTPResponder {
  typealias Context = SandboxContext
  let handler: SandboxHandler

  func respond(to request: Request, context: SandboxContext) async throws -> Response {
    try await handler.respond(to: request, context: context)
  }
}
