/// The card `monica-format vcard` writes for a contact, for the tools that write cards without a
/// record stream (`monica-sync`): the same lines, folded and ended the same way, so that a vdir
/// one of them wrote is the vdir the other would write.
package enum VCardLines {
  /// The unfolded content lines of a contact's card, `BEGIN:VCARD` to `END:VCARD`.
  package static func lines(of contact: [UInt8], version: VCardVersion = .v4) -> [String] {
    contact.withUnsafeBufferPointer { buffer in
      var start = 0
      while start < buffer.count, [0x20, 0x09, 0x0D, 0x0A].contains(buffer[start]) { start += 1 }
      var end = buffer.count
      while end > start, [0x20, 0x09, 0x0D, 0x0A].contains(buffer[end - 1]) { end -= 1 }
      return VCardSink.lines(of: RawValue(bytes: buffer, range: start..<end), version: version)
    }
  }

  /// Content lines as a card's bytes: each folded at 75 octets and ended with CRLF.
  package static func bytes(_ lines: [String]) -> [UInt8] {
    var card: [UInt8] = []
    for line in lines { ContentLine.appendFolded(line, to: &card) }
    return card
  }
}
