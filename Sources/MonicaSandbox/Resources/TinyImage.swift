import Foundation

/// Small but valid PNG images, made from scratch so photos and adorable avatars decode anywhere.
package enum TinyImage {
  /// A `size`×`size` PNG filled with one RGB colour: real CRCs and a zlib stream of stored blocks.
  package static func png(red: UInt8, green: UInt8, blue: UInt8, size: Int = 8) -> [UInt8] {
    var raw: [UInt8] = []
    for _ in 0..<size {
      raw.append(0)  // filter type "none" for each scanline
      for _ in 0..<size { raw.append(contentsOf: [red, green, blue]) }
    }
    var header: [UInt8] = []
    header.append(contentsOf: bigEndian(UInt32(size)))
    header.append(contentsOf: bigEndian(UInt32(size)))
    header.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit depth, truecolour, no interlace
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    appendChunk("IHDR", header, to: &out)
    appendChunk("IDAT", zlibStored(raw), to: &out)
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// A `data:` URL of the bytes.
  package static func dataURL(_ bytes: [UInt8], mimeType: String = "image/png") -> String {
    "data:\(mimeType);base64," + Data(bytes).base64EncodedString()
  }

  /// The image type of some bytes from their signature: `(mime type, extension)`, nil if unknown.
  package static func kind(of bytes: [UInt8]) -> (mimeType: String, fileExtension: String)? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return ("image/png", "png") }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return ("image/jpeg", "jpg") }
    if bytes.starts(with: Array("GIF8".utf8)) { return ("image/gif", "gif") }
    if bytes.count > 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return ("image/webp", "webp") }
    return nil
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
    out.append(contentsOf: bigEndian(UInt32(data.count)))
    let typed = Array(type.utf8) + data
    out.append(contentsOf: typed)
    out.append(contentsOf: bigEndian(crc32(typed)))
  }

  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let length = min(65_535, data.count - offset)
      let final: UInt8 = offset + length >= data.count ? 1 : 0
      out.append(final)
      out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
      out.append(contentsOf: [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
      out.append(contentsOf: data[offset..<offset + length])
      offset += length
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    out.append(contentsOf: bigEndian(b << 16 | a))
    return out
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var c = UInt32(index)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// The CRC-32 PNG chunks carry.
  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }
}
