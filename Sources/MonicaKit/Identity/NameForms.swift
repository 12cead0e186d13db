/// How names are compared: their words folded, spelling keys that fold transliterations and
/// spellings, and how two first names (or two last names) relate.
package enum NameForms {
  /// How two names relate, strongest first.
  package enum Relation: Int, Sendable, Comparable {
    /// Nothing to compare: one of them is empty.
    case unknown = 0
    /// Neither holds the other: two names.
    case differ
    /// One is the other's initial (`A.` / `Ana`).
    case initial
    /// One's words are among the other's (`Ana` / `Ana María`, `García` / `García López`).
    case partial
    /// Variants of one name (`NameVariants`: `Bob` / `Robert`, `Sasha` / `Alexander`).
    case variant
    /// One name spelled or transliterated two ways (`Aleksandr` / `Alexander`, `Müller` /
    /// `Mueller`, `Анна` / `Anna`).
    case spelling
    /// The same words, case, accents and spacing aside.
    case same

    package static func < (a: Relation, b: Relation) -> Bool { a.rawValue < b.rawValue }

    /// Whether the names can be one person's.
    package var agrees: Bool { self > .differ }
  }

  /// A name's words: case, accents and width folded (`String.folded`), apostrophes dropped
  /// (`O'Brien` is `obrien`), split at white space, commas, hyphens and periods.
  package static func words(_ text: String) -> [String] {
    if let ascii = text.asciiLowercased { return asciiWords(ascii) }
    let folded = text.folded.filter { !["'", "\u{2019}", "\u{02BC}", "`"].contains($0) }
    return folded.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "-" || $0 == "." }).map(String.init)
  }

  /// `words` of folded ASCII text, on bytes: the same separators (ASCII white space is tab to
  /// carriage return and space) and apostrophes.
  private static func asciiWords(_ folded: String) -> [String] {
    var words: [String] = []
    var word: [UInt8] = []
    for byte in folded.utf8 {
      switch byte {
      case 0x27, 0x60: continue
      case 0x09...0x0D, 0x20, 0x2C, 0x2D, 0x2E:
        if !word.isEmpty {
          words.append(String(decoding: word, as: UTF8.self))
          word.removeAll(keepingCapacity: true)
        }
      default: word.append(byte)
      }
    }
    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
    return words
  }

  /// Whether a folded word is an initial: one Latin letter (`伟` is a whole name).
  static func isInitial(_ word: String) -> Bool {
    word.count == 1 && word.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
  }

  /// Whether a word is a whole name in a script written without spaces between family and given
  /// name (Han, kana, Hangul), two characters or more.
  package static func isUnspacedFullName(_ word: String) -> Bool {
    word.count >= 2
      && word.unicodeScalars.allSatisfy { scalar in
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
          true
        default: false
        }
      }
  }

  /// A folded word with its spelling folded, so that transliterations and spellings of one name
  /// meet: Cyrillic written in Latin letters (`Александр` -> `aleksandr`); then `tsch` -> `ch`,
  /// `sch` -> `sh`, `chr` -> `kr`, `ck` -> `k`, `c` -> `k` before anything but `e`, `i`, `y`,
  /// `h`, `ks` -> `x`, `kh` -> `h`, `ph` -> `f`, `th` -> `t`, `dzh` and `zh` -> `j`, `oe` -> `o`,
  /// `ue` -> `u` (`Jörg` / `Joerg`), `w` -> `v`, `y` -> `i` but first, a final `er` of a word of
  /// five letters or more -> `r` (`Alexander` / `Aleksandr`, `Peter` / `Petr`), a final `h` after a vowel
  /// dropped (`Sarah` / `Sara`), and doubled consonants made single (`Anna` / `Ana`). Vowels stay
  /// doubled: `René` and `Renée` are two names.
  package static func spellingKey(_ word: String) -> String {
    var text = ""
    if word.utf8.allSatisfy({ $0 < 0x80 }) {
      text = word  // the Cyrillic table holds no ASCII letter
    } else {
      for scalar in word.unicodeScalars { text += cyrillic[scalar] ?? String(scalar) }
    }
    guard text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
    // On bytes: the rules run on every name of every comparison.
    var letters = Array(text.utf8)
    for (from, to) in spellingRules { letters = replacing(from, with: to, in: letters) }
    let (c, y, e, r, h, k, i) = (
      UInt8(ascii: "c"), UInt8(ascii: "y"), UInt8(ascii: "e"), UInt8(ascii: "r"),
      UInt8(ascii: "h"), UInt8(ascii: "k"), UInt8(ascii: "i")
    )
    func isVowel(_ letter: UInt8) -> Bool {
      switch letter {
      case UInt8(ascii: "a"), e, i, UInt8(ascii: "o"), UInt8(ascii: "u"): true
      default: false
      }
    }
    for index in letters.indices where letters[index] == c {
      let next = index + 1 < letters.count ? letters[index + 1] : 0
      if next != e, next != i, next != y, next != h { letters[index] = k }
    }
    for index in letters.indices.dropFirst() where letters[index] == y { letters[index] = i }
    if letters.count >= 5, letters[letters.count - 2] == e, letters[letters.count - 1] == r {
      letters.remove(at: letters.count - 2)
    }
    if letters.count > 2, letters.last == h, isVowel(letters[letters.count - 2]) { letters.removeLast() }
    var key: [UInt8] = []
    key.reserveCapacity(letters.count)
    for letter in letters where !(key.last == letter && !isVowel(letter)) { key.append(letter) }
    return String(decoding: key, as: UTF8.self)
  }

  /// The spelling rules of `spellingKey`, in order.
  private static let spellingRules: [([UInt8], [UInt8])] = [
    ("tsch", "ch"), ("sch", "sh"), ("chr", "kr"), ("ck", "k"), ("ks", "x"), ("kh", "h"), ("ph", "f"), ("th", "t"),
    ("dzh", "j"), ("zh", "j"), ("oe", "o"), ("ue", "u"), ("w", "v"),
  ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

  /// `bytes` with each `from` replaced by `to`, left to right.
  private static func replacing(_ from: [UInt8], with to: [UInt8], in bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= from.count, let first = from.first, bytes.contains(first) else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if index + from.count <= bytes.count, bytes[index..<(index + from.count)].elementsEqual(from) {
        out += to
        index += from.count
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// Russian, Ukrainian and Belarusian letters in Latin, as passports and most address books
  /// write them (lower case: words are folded first; folding has made `й` `и` and `ё` `е`).
  private static let cyrillic: [Unicode.Scalar: String] = [
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z", "и": "i", "к": "k", "л": "l",
    "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "i",
    "є": "ye", "ґ": "g", "ў": "u",
  ]

  /// For each spelling key of a name in `NameVariants.groups`, the groups that hold it.
  private static let groupsByKey: [String: Set<Int>] = {
    var table: [String: Set<Int>] = [:]
    for (index, group) in NameVariants.groups.enumerated() {
      for name in group {
        for word in words(name) { table[spellingKey(word), default: []].insert(index) }
      }
    }
    return table
  }()

  /// The variant groups a word of this spelling key belongs to, by index in `NameVariants.groups`.
  package static func variantGroups(key: String) -> Set<Int> { groupsByKey[key] ?? [] }

  /// How two folded words relate, given their spelling keys.
  static func relation(_ a: String, _ keyA: String, _ b: String, _ keyB: String, variants: Bool) -> Relation {
    if a == b { return .same }
    if isInitial(a) || isInitial(b) {
      let (initial, whole) = isInitial(a) ? (a, b) : (b, a)
      return whole.hasPrefix(initial) ? .initial : .differ
    }
    if keyA == keyB { return .spelling }
    if variants, let groups = groupsByKey[keyA], !groups.isDisjoint(with: groupsByKey[keyB] ?? []) { return .variant }
    return .differ
  }

  /// How two names relate, word by word: the same words in order, else each word with the
  /// other's at its place (the weakest decides), else every word of the shorter among the
  /// other's (`partial`, at best), else they differ. `variants` lets `NameVariants` join words
  /// (first names and nicknames; last names only by spelling).
  package static func relation(_ a: NameWords, _ b: NameWords, variants: Bool) -> Relation {
    guard !a.isEmpty, !b.isEmpty else { return .unknown }
    if a.words == b.words { return .same }
    func word(_ x: Int, _ y: Int) -> Relation {
      relation(a.words[x], a.keys[x], b.words[y], b.keys[y], variants: variants)
    }
    if a.words.count == b.words.count {
      let weakest = a.words.indices.map { word($0, $0) }.min() ?? .differ
      if weakest.agrees { return weakest }
    }
    let aShorter = a.words.count <= b.words.count
    let (short, long) = aShorter ? (a.words.indices, b.words.indices) : (b.words.indices, a.words.indices)
    var unused = Array(long)
    var weakest = Relation.partial
    for index in short {
      let scored = unused.enumerated().map { ($0.offset, aShorter ? word(index, $0.element) : word($0.element, index)) }
      guard let best = scored.max(by: { $0.1 < $1.1 }), best.1.agrees else { return .differ }
      unused.remove(at: best.0)
      weakest = min(weakest, best.1)
    }
    return weakest
  }
}

/// A name's folded words (`NameForms.words`) and their spelling keys (`NameForms.spellingKey`),
/// worked out once: a person is compared with many.
package struct NameWords: Sendable, Equatable {
  package let words: [String]
  package let keys: [String]

  package init(_ text: String) {
    words = NameForms.words(text)
    keys = words.map(NameForms.spellingKey)
  }

  package var isEmpty: Bool { words.isEmpty }
}
