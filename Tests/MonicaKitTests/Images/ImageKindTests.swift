import Foundation
import MonicaAPI
import MonicaKit
import Testing

/// Image kinds by magic bytes, the checks every saved body passes, data URLs, initials avatars,
/// cache lifetimes and safe photo file names.
@Suite struct ImageKindTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

  @Test("magic bytes name the kind; HTML and text are no image")
  func sniff() {
    #expect(ImageKind.sniff(Self.png) == .png)
    #expect(ImageKind.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
    #expect(ImageKind.sniff(Array("GIF89a....".utf8)) == .gif)
    #expect(ImageKind.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
    #expect(ImageKind.sniff(Array("<?xml version=\"1.0\"?>\n<!-- x --><svg xmlns=\"\">".utf8)) == .svg)
    #expect(ImageKind.sniff(Array("\u{FEFF}  <svg>".utf8)) == .svg)
    #expect(ImageKind.sniff(Array("<!DOCTYPE html><html><svg></svg>".utf8)) == nil)
    #expect(ImageKind.sniff(Array("<svgx>".utf8)) == nil)
    #expect(ImageKind.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
    #expect(ImageKind.sniff([]) == nil)
    #expect(ImageKind.jpeg.fileExtension == "jpg" && ImageKind.svg.mimeType == "image/svg+xml")
  }

  @Test("a body is saved only when image/*, its magic bytes agree, and at most 10 MB")
  func verify() {
    #expect(ImageKind.verify(Self.png, contentType: "image/png") == .success(.png))
    #expect(ImageKind.verify(Self.png, contentType: nil) == .success(.png))
    #expect(ImageKind.verify(Self.png, contentType: "IMAGE/PNG; charset=binary") == .success(.png))
    if case .failure(let refusal) = ImageKind.verify(Self.png, contentType: "text/html") {
      #expect(refusal.reason == "not an image (Content-Type text/html)")
    } else {
      Issue.record("text/html accepted")
    }
    if case .failure(let refusal) = ImageKind.verify(Self.png, contentType: "image/jpeg") {
      #expect(refusal.reason == "a image/png body sent as image/jpeg")
    } else {
      Issue.record("a PNG sent as JPEG accepted")
    }
    #expect((try? ImageKind.verify(Array("<html>".utf8), contentType: "image/png").get()) == nil)
    #expect((try? ImageKind.verify(Self.png, contentType: "image/tiff").get()) == nil)
    let big = Self.png + [UInt8](repeating: 0, count: ImageKind.byteLimit)
    #expect((try? ImageKind.verify(big, contentType: "image/png").get()) == nil)
    #expect(ImageKind.byteLimit == 10 * 1024 * 1024)
  }

  @Test("data URLs: base64 only, bounded before decoding")
  func dataURLs() throws {
    func reason(_ text: String, limit: Int = ImageKind.byteLimit) -> String? {
      if case .failure(let failure) = DataURL.decode(text, limit: limit) { return failure.reason }
      return nil
    }
    let text = "data:image/png;base64," + Data(Self.png).base64EncodedString()
    #expect(try DataURL.decode(text).get() == Self.png)
    #expect(reason("https://x/y.png") == "not a data: URL")
    #expect(reason("data:image/png,abc") == "a data: URL that is not base64")
    #expect(reason("data:image/png;base64," + String(repeating: "A", count: 4_000), limit: 100) == "larger than 0 MB")
    // Decoded in place: every length and padding as Foundation encodes it, line breaks skipped.
    for count in 0..<70 {
      let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      let encoded = Data(bytes).base64EncodedString(options: .lineLength64Characters)
      #expect(try DataURL.decode("data:image/png;base64," + encoded).get() == bytes, "\(count)")
    }
    #expect(reason("data:image/png;base64,QQ=A") == "a data: URL whose base64 does not decode")
    #expect(reason("data:image/png;base64,Q") == "a data: URL whose base64 does not decode")
  }

  @Test("initials avatars: escaped text, a checked colour, a question mark for none")
  func initials() {
    let svg = String(decoding: InitialsAvatar.svg(initials: "A<&", color: "#709512"), as: UTF8.self)
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(svg.contains(##"fill="#709512""##) && svg.contains(">A&lt;&amp;</text>"))
    let hostile = String(decoding: InitialsAvatar.svg(initials: "\u{1B}[", color: "red\"/><script>"), as: UTF8.self)
    #expect(!hostile.contains("script") && !hostile.contains("\u{1B}") && hostile.contains(##"fill="#b3d5fe""##))
    #expect(String(decoding: InitialsAvatar.svg(initials: nil, color: nil), as: UTF8.self).contains(">?</text>"))
    #expect(ImageKind.sniff(InitialsAvatar.svg(initials: "AB", color: "#fff")) == .svg)
  }

  @Test("Cache-Control: max-age, no-cache, no-store, and 24 hours without it")
  func lifetimes() {
    #expect(CacheLifetime(headers: [:]).maxAge == 86_400)
    #expect(CacheLifetime(headers: ["cache-control": "public, max-age=300"]).maxAge == 300)
    #expect(CacheLifetime(headers: ["cache-control": "no-cache"]).maxAge == 0)
    #expect(CacheLifetime(headers: ["cache-control": "max-age=-5"]).maxAge == 86_400)
    #expect(CacheLifetime(headers: ["cache-control": "no-store"]).noStore)
    #expect(!CacheLifetime(headers: ["cache-control": "max-age=1"]).noStore)
  }

  @Test("photo file names stay one safe component")
  func safeNames() {
    #expect(PhotoSaver.safeName("IMG_1.png", kind: .png) == "IMG_1.png")
    #expect(PhotoSaver.safeName("../../etc/passwd", kind: .png) == "_._etc_passwd")
    #expect(PhotoSaver.safeName("a\u{0}b\u{1B}c\\d", kind: .png) == "a_b_c_d")
    #expect(PhotoSaver.safeName("..", kind: .jpeg) == "photo.jpg")
    #expect(PhotoSaver.safeName(nil, kind: .gif) == "photo.gif")
    #expect(PhotoSaver.safeName(String(repeating: "é", count: 300), kind: .png).utf8.count <= 200)
  }
}
