/// `monica-import vcard`'s engine: reads cards one at a time and hands each to the
/// `ContactEmitter`, which writes the records `monica-push --create --map` creates (card N is
/// contact N, counted over all files).
package final class VCardImporter {
  private let options: ImportOptions
  private let report: (String) -> Void
  private let emitter: ContactEmitter
  /// What was done so far.
  package var summary: ImportSummary { emitter.summary }

  /// An importer writing to `output`; `report` takes each per-card warning (`FILE:LINE: ...`:
  /// what was not carried, an ambiguous card), `note` each per-card word on who a card was
  /// taken to be. `updates` takes the update lines of matched contacts' empty fields
  /// (`--updates FILE`).
  package convenience init(
    output: LineOutput, options: ImportOptions, existing: ExistingContacts? = nil, map: MapFile? = nil,
    updates: LineOutput? = nil, report: @escaping (String) -> Void, note: @escaping (String) -> Void = { _ in }
  ) {
    let emitter = ContactEmitter(
      output: output, options: options, existing: existing, map: map, updates: updates, noun: "card", report: report,
      note: note)
    self.init(emitter: emitter, options: options, report: report)
  }

  /// An importer handing its cards to `emitter`.
  init(emitter: ContactEmitter, options: ImportOptions, report: @escaping (String) -> Void) {
    (self.emitter, self.options, self.report) = (emitter, options, report)
  }

  /// Imports every card of `sources` in order; a bad card is malformed input (65) unless
  /// `skipInvalid`, and the records of the cards before it are out, complete.
  package func run(_ sources: [InputSource]) throws(MonicaError) {
    let reader = VCardReader(sources)
    while let item = try reader.nextItem() {
      switch item {
      case .invalid(let source, let line, let number, let reason):
        if number != nil { emitter.summary.cards += 1 }
        emitter.summary.invalid += 1
        guard options.skipInvalid else { throw .malformedInput(source: source, line: line, reason: reason) }
        report("\(source):\(line): skipped: \(reason)")
      case .card(let card):
        emitter.summary.cards += 1
        let content: CardContent
        do { content = try CardContent(card, today: options.today) } catch {
          emitter.summary.invalid += 1
          let reason = "card \(card.number): \(error.reason)"
          guard options.skipInvalid else { throw .malformedInput(source: card.source, line: card.line, reason: reason) }
          report("\(card.source):\(card.line): skipped: \(reason)")
          continue
        }
        try emitter.emit(content, number: card.number, source: card.source, line: card.line)
      }
    }
    try emitter.flush()
  }
}

extension VCardImporter {
  /// `monica-import vcard`: reads the existing contacts and the map when given, then imports
  /// `sources` to `output`, the update lines to the file `updates`, each per-card warning to
  /// `report` and word on who a card is to `note`.
  /// Returns what it did (`ImportSummary`).
  @discardableResult
  package static func run(
    _ sources: [InputSource], dedupeAgainst: String?, map: String?, updates: String? = nil,
    options: ImportOptions, output: LineOutput, report: @escaping (String) -> Void,
    note: @escaping (String) -> Void = { _ in }
  ) throws(MonicaError) -> ImportSummary {
    try ContactEmitter.run(
      dedupeAgainst: dedupeAgainst, map: map, updates: updates, options: options, noun: "card", output: output,
      report: report, note: note
    ) { (emitter) throws(MonicaError) in
      try VCardImporter(emitter: emitter, options: options, report: report).run(sources)
    }
  }
}
