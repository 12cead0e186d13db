import Foundation
import MonicaKit

/// The image of a photo record, from its `dataUrl` as it stands in the JSON that holds it (a
/// page, in memory or in its temporary file, or a line of `monica-photo save`'s input), read a
/// megabyte at a time straight into the decoded image (`DataURLDecoder`): a 10 MB photo costs
/// its 10 MB, not its 13 MB of base64 again and a string of it besides.
enum PhotoImage {
  /// The bytes decoded at once.
  static let chunk = 1 << 20

  /// The checked image of photo `id` whose `dataUrl` value is `range` of what `read` reads.
  static func decode(id: Int?, dataURL range: Range<Int>?, read: (Range<Int>) -> Data?) -> Result<
    FetchedImage, SourceFailure
  > {
    let name = id.map { "photo #\($0)" } ?? "the photo"
    func failure(_ reason: String) -> Result<FetchedImage, SourceFailure> {
      .failure(SourceFailure(reason: reason, error: .invalidData("\(name): \(reason)")))
    }
    guard let range else {
      return .failure(SourceFailure(reason: "\(name) has no dataUrl", error: .invalidData("\(name): no dataUrl")))
    }
    guard read(range.lowerBound..<min(range.lowerBound + 1, range.upperBound)) == Data([UInt8(ascii: "\"")]) else {
      return .failure(SourceFailure(reason: "\(name) has no dataUrl", error: .invalidData("\(name): no dataUrl")))
    }
    var decoder = DataURLDecoder(length: range.count)
    var offset = range.lowerBound
    while offset < range.upperBound && !decoder.failed {
      let end = min(offset + chunk, range.upperBound)
      guard let data = read(offset..<end) else {
        let reason = "the answer kept in a temporary file could not be read back"
        return .failure(SourceFailure(reason: reason, error: .internalError(reason)))
      }
      data.withUnsafeBytes { decoder.feed($0.bindMemory(to: UInt8.self)) }
      offset = end
    }
    var decoded = decoder.finish()
    if case .failure(let why) = decoded, why == DataURLDecoder.needsUnescaping {
      // Escapes Laravel never writes in base64: the value read whole as a JSON string, within
      // what a 10 MB image's text can be with every character escaped.
      guard range.count <= 2 * (ImageKind.byteLimit / 3 * 4 + 8) + 512 else {
        return failure("larger than \(ImageKind.byteLimit / 1024 / 1024) MB")
      }
      guard let data = read(range), case .string(let text)? = try? JSONValue(parsing: data) else {
        return .failure(SourceFailure(reason: "\(name) has no dataUrl", error: .invalidData("\(name): no dataUrl")))
      }
      decoded = DataURL.decode(text)
    }
    switch decoded {
    case .failure(let why): return failure(why.reason)
    case .success(let bytes):
      switch ImageKind.verify(bytes, contentType: nil) {
      case .success(let kind): return .success(FetchedImage(bytes: bytes, kind: kind, from: "network"))
      case .failure(let refusal): return failure(refusal.reason)
      }
    }
  }
}
