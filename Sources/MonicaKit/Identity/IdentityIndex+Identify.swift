/// Who a person is among those an index holds, as a tool that writes decides it.
package enum Identification<Key: Hashable & Sendable>: Sendable, Equatable {
  /// This one: the same uuid, else the best of those almost certainly the person, else the
  /// only one likely the person with nothing against.
  case one(IdentityMatch<Key>)
  /// Nobody. `passedOver` are those that share an e-mail address or phone number with the
  /// person but that the judgement keeps apart (a household, a switchboard), to be said.
  case nobody(passedOver: [IdentityMatch<Key>])
  /// Several are likely the person and none almost certainly: writing one's values onto
  /// another is worse than a duplicate, so nobody is chosen.
  case ambiguous([IdentityMatch<Key>])

  /// The one found, when there is one.
  package var match: IdentityMatch<Key>? {
    if case .one(let match) = self { return match }
    return nil
  }
}

extension IdentityIndex {
  /// Who `person` is among those held (`Identification`): the one of the same uuid; else the
  /// best scoring at least `IdentityJudgement.almostCertain`; else the one scoring at least
  /// `IdentityJudgement.likely` with nothing against (a name no one else has, say), or
  /// `ambiguous` when several do. monica-import's `--dedupe-against` and in-file matching ask
  /// this; so should every tool that takes a record for someone already there (a CSV row, a
  /// synced card, an assistant's look-up).
  package func identify(_ person: Person) -> Identification<Key> { identify(ComparedPerson(person)) }

  /// `identify(_:)` of a person already in its compared form: an importer asks, then adds.
  func identify(_ person: ComparedPerson) -> Identification<Key> { identify(person, blocks: BlockKeys(person)) }

  /// `identify(_:)` of a person whose block keys are worked out already: an importer asks one
  /// index or two, then adds.
  func identify(_ person: ComparedPerson, blocks: BlockKeys) -> Identification<Key> {
    let found = matches(for: person, blocks: blocks, minScore: 0, excluding: nil)
    if let same = found.first(where: { $0.judgement.score >= IdentityJudgement.almostCertain }) { return .one(same) }
    let likely = found.filter { $0.judgement.score >= IdentityJudgement.likely && !$0.judgement.isDisputed }
    if likely.count == 1 { return .one(likely[0]) }
    if likely.count > 1 { return .ambiguous(likely) }
    return .nobody(passedOver: found.filter { $0.judgement.sharesIdentifier && $0.judgement.isDisputed })
  }
}
