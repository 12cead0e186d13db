#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of one CSV file as `CSVReader` parses them, a block at a time: UTF-8 with its BOM
/// dropped, UTF-16 (little or big endian, with a BOM as Outlook writes "Unicode" CSV, or without
/// one when the first characters show it) transcoded to UTF-8, or, for any other file, its own
/// bytes, which `CSVText` reads as UTF-8 or else as Windows-1252. The delimiter, the quote and the
/// line breaks are ASCII in all of these, so the parser never needs to know which.
final class CSVByteSource {
  /// How the file's bytes are text.
  enum Encoding: Equatable {
    case utf8, utf8WithBOM, utf16LittleEndian, utf16BigEndian

    /// `UTF-8`, `UTF-16LE`..., for the summary.
    var name: String {
      switch self {
      case .utf8: "UTF-8"
      case .utf8WithBOM: "UTF-8 with BOM"
      case .utf16LittleEndian: "UTF-16LE"
      case .utf16BigEndian: "UTF-16BE"
      }
    }
  }

  /// The block read from the file at a time.
  static let blockSize = 1 << 18

  /// `stdin` or the path, for messages.
  let name: String
  /// How the file is text; known after the first `nextBlock()`.
  private(set) var encoding = Encoding.utf8
  /// Whether UTF-16 held a lone surrogate, read as U+FFFD.
  private(set) var hadBadUTF16 = false
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  private var raw: [UInt8]
  private var decoded: [UInt8] = []
  private var started = false
  private var atEnd = false
  /// A UTF-16 code unit's first byte, or a high surrogate, left over from the last block.
  private var pendingByte: UInt8?
  private var pendingHigh: UInt16?

  /// Opens `source`; a missing or unreadable file, or a directory, is `notFound` (66).
  init(_ source: InputSource) throws(MonicaError) {
    name = source.name
    raw = [UInt8](repeating: 0, count: Self.blockSize)
    if source.path == "-" {
      (descriptor, ownsDescriptor) = (0, false)
      return
    }
    let opened = open(source.path, O_RDONLY | O_CLOEXEC)
    guard opened >= 0 else { throw .notFound("\(source.path): \(systemErrorText(errno))") }
    var info = stat()
    if fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      close(opened)
      throw .notFound("\(source.path): is a directory, not a CSV file")
    }
    (descriptor, ownsDescriptor) = (opened, true)
  }

  deinit { if ownsDescriptor { close(descriptor) } }

  /// Calls `body` with the next block of bytes as the parser reads them; returns `false` at the
  /// end of the file (and calls nothing). A read error is `notFound` (66).
  func nextBlock(_ body: (UnsafeBufferPointer<UInt8>) throws(MonicaError) -> Void) throws(MonicaError) -> Bool {
    var count = try fill(from: 0)
    if !started {
      started = true
      // The BOM needs up to three bytes, the UTF-16 guess four: a short first read is topped up.
      while count < 4, !atEnd { count = try fill(from: count) }
      count = detect(count)
    }
    switch encoding {
    case .utf8, .utf8WithBOM:
      guard count > 0 else { return false }
      let result: Result<Void, MonicaError> = raw.withUnsafeBufferPointer { all in
        Result { () throws(MonicaError) in try body(UnsafeBufferPointer(rebasing: all[0..<count])) }
      }
      try result.get()
    case .utf16LittleEndian, .utf16BigEndian:
      decoded.removeAll(keepingCapacity: true)
      if count == 0 {
        // A code unit cut in half or a high surrogate at the very end: one U+FFFD.
        guard pendingByte != nil || pendingHigh != nil else { return false }
        (pendingByte, pendingHigh, hadBadUTF16) = (nil, nil, true)
        append(0xFFFD)
      } else {
        transcode(count)
      }
      let result: Result<Void, MonicaError> = decoded.withUnsafeBufferPointer { all in
        Result { () throws(MonicaError) in try body(all) }
      }
      try result.get()
    }
    return true
  }

  /// Reads into `raw` from `offset`; returns how many bytes `raw` holds (0 at the end).
  private func fill(from offset: Int) throws(MonicaError) -> Int {
    if atEnd { return offset }
    while true {
      let count = raw.withUnsafeMutableBufferPointer { all in
        all.baseAddress.map { read(descriptor, $0 + offset, all.count - offset) } ?? 0
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw .notFound("\(name): cannot read: \(systemErrorText(code))")
      }
      if count == 0 { atEnd = true }
      return offset + count
    }
  }

  /// Decides the encoding from the first `count` bytes and drops a BOM; returns the bytes left.
  private func detect(_ count: Int) -> Int {
    func drop(_ length: Int) -> Int {
      raw.removeFirst(length)
      raw.append(contentsOf: repeatElement(0, count: length))
      return count - length
    }
    if count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF {
      encoding = .utf8WithBOM
      return drop(3)
    }
    if count >= 2, raw[0] == 0xFF, raw[1] == 0xFE {
      encoding = .utf16LittleEndian
      return drop(2)
    }
    if count >= 2, raw[0] == 0xFE, raw[1] == 0xFF {
      encoding = .utf16BigEndian
      return drop(2)
    }
    // Without a BOM, UTF-16 shows as ASCII letters with a zero byte each.
    if count >= 4, raw[0] != 0, raw[1] == 0, raw[2] != 0, raw[3] == 0 { encoding = .utf16LittleEndian }
    if count >= 4, raw[0] == 0, raw[1] != 0, raw[2] == 0, raw[3] != 0 { encoding = .utf16BigEndian }
    return count
  }

  /// Appends the first `count` bytes of `raw` (UTF-16) to `decoded` as UTF-8, keeping a split
  /// code unit or surrogate pair for the next block.
  private func transcode(_ count: Int) {
    let littleEndian = encoding == .utf16LittleEndian
    var index = 0
    func unit(_ first: UInt8, _ second: UInt8) -> UInt16 {
      littleEndian ? UInt16(first) | UInt16(second) << 8 : UInt16(first) << 8 | UInt16(second)
    }
    func take(_ value: UInt16) {
      if let high = pendingHigh {
        pendingHigh = nil
        if (0xDC00...0xDFFF).contains(value) {
          append(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(value - 0xDC00))
          return
        }
        hadBadUTF16 = true
        append(0xFFFD)
      }
      switch value {
      case 0xD800...0xDBFF: pendingHigh = value
      case 0xDC00...0xDFFF:
        hadBadUTF16 = true
        append(0xFFFD)
      default: append(UInt32(value))
      }
    }
    if let first = pendingByte, count > 0 {
      pendingByte = nil
      take(unit(first, raw[0]))
      index = 1
    }
    while index + 1 < count {
      take(unit(raw[index], raw[index + 1]))
      index += 2
    }
    if index < count { pendingByte = raw[index] }
  }

  /// Appends a scalar as UTF-8.
  private func append(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80: decoded.append(UInt8(scalar))
    case 0x80..<0x800:
      decoded.append(UInt8(0xC0 | scalar >> 6))
      decoded.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      decoded.append(UInt8(0xE0 | scalar >> 12))
      decoded.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      decoded.append(UInt8(0x80 | scalar & 0x3F))
    default:
      decoded.append(UInt8(0xF0 | scalar >> 18))
      decoded.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      decoded.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      decoded.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
