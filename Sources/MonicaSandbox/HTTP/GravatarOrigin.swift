import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MonicaKit
import NIOCore
import ServiceLifecycle
import Synchronization

/// A second origin on another loopback port standing in for gravatar.com (always served, on
/// `--gravatar-port`): seeded gravatar avatars point at it instead of the real site, so that
/// nothing a tool reads from the sandbox sends a request off the machine, and its request log
/// says whether an Authorization header arrived (it never should: the token belongs to the
/// instance's origin alone).
///
/// `GET /avatar/NAME` answers a PNG made from NAME, with an ETag, Last-Modified and
/// `Cache-Control: max-age=300`, and 304 to a request that revalidates it. NAME's prefix picks a
/// behaviour for tests:
///   nocache-    the image with no cache headers at all
///   revalidate- the image with `Cache-Control: no-cache` (revalidated every time)
///   html-       a 200 HTML page (`text/html`)
///   fakepng-    a 200 HTML page sent as `image/png`
///   huge-       a PNG signature followed by 11 MB, chunked, with no Content-Length
///   sized-      the same with its Content-Length (over 10 MB: refused by the header alone)
///   endless-    a PNG signature followed by 1 MiB chunks without end, until the client hangs up
///   trickle-    a PNG signature followed by one byte a second, until the client hangs up
///   redirect-   a 302 to the instance's /store/avatars/NAME.jpg (another origin)
///   status-N-   HTTP N (404, 401, 403, 500...; 429 with Retry-After: 0)
package enum GravatarOrigin {
  /// The base every gravatar URL starts with: the real site, or the sandbox's second origin.
  private static let current = Mutex("https://www.gravatar.com")

  /// `BASE/avatar/HASH?d=mm&s=200`, a gravatar URL as Monica stores one; `base` is the one in use
  /// unless given.
  package static func avatarURL(_ hash: String, base: String = GravatarOrigin.base) -> String {
    base + "/avatar/\(hash)?d=mm&s=200"
  }

  /// The base gravatar URLs are made with now.
  package static var base: String { current.withLock { $0 } }

  /// Points every gravatar URL made from now on at `base`.
  static func use(_ base: String) { current.withLock { $0 = base } }

  /// The real site's base: the one of gravatar URLs in `--state` and `--load` files, which are
  /// rebased to the second origin, and of the seeded ones when that origin does not start.
  static let realBase = "https://www.gravatar.com"

  /// One fixed Last-Modified, so that revalidation can match it.
  static let lastModified = "Wed, 01 Jan 2025 00:00:00 GMT"

  /// The origin's server on `port` (0: a free one), to run beside the instance; `ready` gets its
  /// base URL once it listens.
  static func application(
    port: Int, instance: @escaping @Sendable () -> String, latency: Int, log: RequestLog?,
    ready: @escaping @Sendable (String) -> Void
  ) -> some Service {
    var logger = Logger(label: "monica-sandbox-gravatar")
    logger.logLevel = .critical
    let responder = GravatarResponder(instance: instance, latency: latency, log: log)
    return Application(
      responder: responder,
      configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
      onServerRunning: { channel in ready("http://127.0.0.1:\(channel.localAddress?.port ?? port)") },
      logger: logger)
  }
}

/// The second origin's answers.
struct GravatarResponder: HTTPResponder {
  typealias Context = SandboxContext
  let instance: @Sendable () -> String
  let latency: Int
  let log: RequestLog?

  func respond(to request: Request, context: SandboxContext) async throws -> Response {
    let started = ContinuousClock.now
    if latency > 0 { try? await Task.sleep(for: .milliseconds(latency)) }
    let path = request.uri.path
    let name = path.hasPrefix("/avatar/") ? String(path.dropFirst(8)) : ""
    let response = answer(name: name, request: request)
    let elapsed = ContinuousClock.now - started
    log?.append(
      .init(
        method: request.method.rawValue, path: path, query: request.uri.query ?? "", status: response.status.code,
        authorization: request.headers[.authorization] != nil, accept: request.headers[.accept] ?? "",
        milliseconds: Int(elapsed.components.seconds * 1000), fault: nil, server: "gravatar"))
    return response
  }

  private func answer(name: String, request: Request) -> Response {
    guard !name.isEmpty, !name.contains("/") else { return text(404, "Not Found") }
    let etag = "\"\(name)-1\""
    if name.hasPrefix("status-") {
      let code = Int(name.dropFirst(7).prefix { $0.isNumber }) ?? 500
      var headers: HTTPFields = [.contentType: "text/plain"]
      if code == 429 { headers[.retryAfter] = "0" }
      return Response(
        status: .init(code: code), headers: headers, body: .init(byteBuffer: ByteBuffer(string: "status")))
    }
    if name.hasPrefix("redirect-") {
      return Response(
        status: .found, headers: [.location: instance() + "/store/avatars/\(name).jpg", .contentType: "text/html"],
        body: .init(byteBuffer: ByteBuffer(string: "Redirecting")))
    }
    if name.hasPrefix("html-") {
      return Response(
        status: .ok, headers: [.contentType: "text/html; charset=UTF-8"],
        body: .init(byteBuffer: ByteBuffer(string: SandboxHandler.loginPage)))
    }
    if name.hasPrefix("fakepng-") {
      return Response(
        status: .ok, headers: [.contentType: "image/png"],
        body: .init(byteBuffer: ByteBuffer(string: SandboxHandler.loginPage)))
    }
    if name.hasPrefix("huge-") {
      let body = ResponseBody { writer in
        try await writer.write(ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let chunk = ByteBuffer(repeating: 0, count: 1 << 20)
        for _ in 0..<11 { try await writer.write(chunk) }
        try await writer.finish(nil)
      }
      return Response(status: .ok, headers: [.contentType: "image/png"], body: body)
    }
    if name.hasPrefix("endless-") || name.hasPrefix("trickle-") {
      let trickle = name.hasPrefix("trickle-")
      let body = ResponseBody { writer in
        try await writer.write(ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let chunk = ByteBuffer(repeating: 0, count: trickle ? 1 : 1 << 20)
        // Until the client hangs up (a write then throws) or the server stops: at most a day.
        for _ in 0..<86_400 {
          if trickle { try await Task.sleep(for: .seconds(1)) }
          try await writer.write(chunk)
        }
        try await writer.finish(nil)
      }
      return Response(status: .ok, headers: [.contentType: "image/png"], body: body)
    }
    if name.hasPrefix("sized-") {
      var body = ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      body.writeRepeatingByte(0, count: 11 << 20)
      return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: body))
    }
    var headers: HTTPFields = [.contentType: "image/png"]
    if !name.hasPrefix("nocache-") {
      headers[.eTag] = etag
      headers[.lastModified] = GravatarOrigin.lastModified
      headers[.cacheControl] = name.hasPrefix("revalidate-") ? "no-cache" : "max-age=300"
      if request.headers[.ifNoneMatch] == etag || request.headers[.ifModifiedSince] == GravatarOrigin.lastModified {
        return Response(status: .notModified, headers: headers)
      }
    }
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: Self.image(name))))
  }

  private func text(_ code: Int, _ body: String) -> Response {
    Response(
      status: .init(code: code), headers: [.contentType: "text/plain"],
      body: .init(byteBuffer: ByteBuffer(string: body)))
  }

  /// A 16×16 PNG whose colour comes from the name.
  static func image(_ name: String) -> [UInt8] {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return TinyImage.png(
      red: UInt8(hash & 0xFF), green: UInt8(hash >> 8 & 0xFF), blue: UInt8(hash >> 16 & 0xFF), size: 16)
  }
}

/// The two origins' base URLs, known once each listens.
final class OriginBases: Sendable {
  private let state = Mutex((instance: "", gravatar: String?.none))

  /// The instance's, `http://127.0.0.1:PORT`.
  var instance: String {
    get { state.withLock { $0.instance } }
    set { state.withLock { $0.instance = newValue } }
  }

  /// The gravatar-like origin's.
  var gravatar: String? {
    get { state.withLock { $0.gravatar } }
    set { state.withLock { $0.gravatar = newValue } }
  }
}
