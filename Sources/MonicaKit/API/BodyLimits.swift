/// The most bytes each reader of a body from elsewhere keeps: the one place the caps are stated.
/// A body is counted as it arrives and cut at its cap whatever its framing (a Content-Length, or
/// chunked without end); an answer cut is not asked for again in the same run.
///
/// A cap bounds what an answer may be, not what reading it costs: a body under way is kept in
/// memory up to 1 MiB and the rest in a nameless temporary file (`BodySpool` in MonicaAPI), and
/// the bytes past a cap are dropped as they arrive, so an answer that is cut (ten endless
/// avatars, a page without end) never sits in memory. Only a whole answer within its cap is
/// read back, once it is complete.
package enum BodyLimits {
  /// An image from any origin (gravatar, an avatar's URL, a document's link) and an image in a
  /// photo's `dataUrl`, decoded: Monica's own upload limit, 10 MB (`ImageKind.byteLimit`,
  /// config/monica.php:199 `max_upload_size`). The avatar cache keeps entries of the same size.
  package static let image = ImageKind.byteLimit

  /// One answer of the Monica API (a page, a record, a write's answer), read by monica-fetch,
  /// -push, -avatar, -photo, -auth: 64 MiB, the longest line the stream tools read
  /// (`LineReader.maximumLineLength`), so a record in it can always be passed on. A page over
  /// it is refused (76); a smaller `--page-size` fetches the same records.
  package static let apiAnswer = LineReader.maximumLineLength

  /// One photo record on `monica-photo save`'s input: 16 MiB, past the record of Monica's
  /// largest photo (10 MB, 13.4 MB of base64) and its other members; a longer line is refused
  /// (65) before it is held whole, where other stream tools take `apiAnswer`.
  package static let photoRecord = 16 << 20

  /// One cached listing, all its pages: 1 GiB, each page at most `apiAnswer`
  /// (`CacheEntryFile.partLimit`); read part by part, never whole.
  package static let cachedListing = 1 << 30

  /// `64 MiB`, `10240 KiB`, or bytes, for messages.
  package static func describe(_ bytes: Int) -> String {
    if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes % 1024 == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
