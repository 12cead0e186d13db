import Foundation

/// A Graphviz graph (DOT) of the relationships in a stream of contacts and relationship records
/// (`monica-fetch --all` gives both): a node per contact that has a relationship (every contact
/// with `allContacts`), an undirected edge per relationship pair labelled with both sides' names
/// (`child / parent`: the first name is the left node's), coloured by type group, with a legend
/// of the groups drawn; the people joined by family and love relationships are drawn inside one
/// frame each, so that a family reads as a cluster. Written at the end of the input. Other
/// records are passed over without a warning: `--all` brings every kind.
final class GraphSink: RecordSink {
  private let output: LineOutput
  /// The photo folder as an absolute path: `dot` reads an image relative to the folder it is
  /// run from, not to the DOT file.
  private let photos: String?
  private let around: (id: Int, depth: Int)?
  private let allContacts: Bool
  private let font: String
  private let warn: (String) -> Void
  private var graph = RelationshipGraph()
  /// Initials faces left out because Graphviz cannot read them (no XML declaration).
  private var unreadableFaces = 0

  /// The font of every name, when none is given: Graphviz's own default family.
  static let defaultFont = "Helvetica"

  /// The colour of each type group's edges (and of relationships of other groups, `nil`).
  static func colour(_ group: String?) -> String {
    switch group {
    case "love": "#d62728"
    case "family": "#1f77b4"
    case "friend": "#2ca02c"
    case "work": "#ff7f0e"
    default: "#7f7f7f"
    }
  }

  /// A sink writing to `output`; `photos` is monica-avatar's folder (`DIR/<id>.<ext>`), `around`
  /// keeps the people at most `depth` relationships from one contact; `allContacts` draws the
  /// contacts without a relationship too; `font` is the font family of every label.
  init(
    output: LineOutput, photos: String? = nil, around: (id: Int, depth: Int)? = nil, allContacts: Bool = false,
    font: String? = nil, warn: @escaping (String) -> Void = { _ in }
  ) {
    self.output = output
    self.photos = photos.map(Self.absolute)
    self.around = around
    self.allContacts = allContacts
    self.font = font ?? Self.defaultFont
    self.warn = warn
  }

  /// `path` from the root, `.` and `..` resolved.
  static func absolute(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return URL(fileURLWithPath: full).standardizedFileURL.path
  }

  func consume(_ record: Record) throws(MonicaError) {
    _ = graph.add(record.root, kind: record.kind ?? "")
  }

  func finish() throws(MonicaError) {
    var edges = graph.edges
    var people = graph.people.values.sorted { $0.id < $1.id }
    if let around {
      guard let kept = graph.around(around.id, depth: around.depth, edges: edges) else {
        throw .notFound("--around \(around.id): no such contact in the input")
      }
      people = people.filter { kept.contains($0.id) }
      edges = edges.filter { kept.contains($0.from) && kept.contains($0.to) }
    }
    if !allContacts {
      // A contact with no relationship is a node on its own: 119 of 200 made a strip 27,000 px wide.
      let related = Set(edges.flatMap { [$0.from, $0.to] })
      people = people.filter { related.contains($0.id) || $0.id == around?.id }
    }
    let font = Self.quoted(font)
    var lines = [
      "graph \"Monica\" {",
      "  graph [fontname=\(font), overlap=false, splines=true, nodesep=0.4];",
      "  node [fontname=\(font), shape=box, style=\"rounded,filled\", fillcolor=\"#f7f7f7\"];",
      "  edge [fontname=\(font), fontsize=10];",
    ]
    let families = Self.families(people.map(\.id), edges: edges)
    var clustered: Set<Int> = []
    for (index, family) in families.enumerated() {
      lines.append("  subgraph cluster_family\(index + 1) {")
      lines.append("    style=\"rounded\"; color=\"#9ecae1\"; label=\"\";")
      for id in family {
        guard let person = graph.people[id] else { continue }
        lines.append("    " + node(person))
        clustered.insert(id)
      }
      lines.append("  }")
    }
    for person in people where !clustered.contains(person.id) { lines.append("  " + node(person)) }
    for edge in edges {
      let colour = Self.colour(edge.group)
      lines.append(
        "  \"c\(edge.from)\" -- \"c\(edge.to)\" [label=\(Self.quoted(edge.label)), color=\"\(colour)\", "
          + "fontcolor=\"\(colour)\"];")
    }
    let drawn = RelationshipGraph.groups.filter { group in edges.contains { $0.group == group } }
    let others = edges.contains { $0.group == nil }
    if !drawn.isEmpty || others {
      let rows = (drawn.map { ($0, Self.colour($0)) } + (others ? [("other", Self.colour(nil))] : [])).map {
        "<tr><td><font color=\"\($0.1)\">&#9472;&#9472;</font></td><td align=\"left\">\($0.0)</td></tr>"
      }
      lines += [
        "  subgraph cluster_legend {",
        "    label=\"Relationships\"; fontname=\(font); style=\"rounded\"; color=\"#bbbbbb\";",
        "    \"legend\" [shape=plaintext, style=\"\", label=<<table border=\"0\" cellspacing=\"2\">"
          + rows.joined() + "</table>>];",
        "  }",
      ]
    }
    lines.append("}")
    try output.writeLines(Array((lines.joined(separator: "\n") + "\n").utf8))
    if unreadableFaces > 0 {
      warn(
        "initials faces left out: \(unreadableFaces) (Graphviz reads an SVG only after an XML declaration, "
          + "which monica-avatar writes now: save them again)")
    }
  }

  /// The people joined by family and love relationships, each group of two or more in order of
  /// its first id: a household, a couple, parents and their children.
  static func families(_ ids: [Int], edges: [RelationshipGraph.Edge]) -> [[Int]] {
    var parent: [Int: Int] = [:]
    func root(_ id: Int) -> Int {
      var id = id
      while let up = parent[id], up != id { id = up }
      return id
    }
    let drawn = Set(ids)
    for edge in edges where ["family", "love"].contains(edge.group ?? "") {
      guard drawn.contains(edge.from), drawn.contains(edge.to) else { continue }
      let (a, b) = (root(edge.from), root(edge.to))
      parent[a] = parent[a] ?? a
      parent[b] = parent[b] ?? b
      if a != b { parent[max(a, b)] = min(a, b) }
    }
    var groups: [Int: [Int]] = [:]
    for id in ids.sorted() where parent[id] != nil { groups[root(id), default: []].append(id) }
    return groups.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
  }

  /// A person's node: the name, with the saved photo above it when there is one; a dashed frame
  /// for the deceased.
  private func node(_ person: RelationshipGraph.Person) -> String {
    let style = person.dead ? ", style=\"rounded,dashed\"" : ""
    guard let photo = photo(of: person.id) else {
      return "\"c\(person.id)\" [label=\(Self.quoted(person.name))\(style)];"
    }
    let label =
      "<<table border=\"0\" cellspacing=\"0\"><tr><td fixedsize=\"true\" width=\"64\" height=\"64\">"
      + "<img src=\"\(Self.htmlEscaped(photo))\" scale=\"true\"/></td></tr><tr><td>\(Self.htmlEscaped(person.name))"
      + "</td></tr></table>>"
    return "\"c\(person.id)\" [label=\(label)\(style)];"
  }

  /// The file monica-avatar saved for a contact, in a format Graphviz reads (not WebP), as an
  /// absolute path. An initials face (SVG) is used when it opens with an XML declaration, which
  /// Graphviz needs to know an SVG; `dot -Tsvg` draws it, -Tpng and -Tpdf only with Graphviz's
  /// rsvg plugin (else a warning of dot's and the name alone).
  private func photo(of id: Int) -> String? {
    guard let photos else { return nil }
    for (ext, _) in VCardSink.imageTypes where ext != "webp" {
      let path = photos + "/\(id).\(ext)"
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    let face = photos + "/\(id).svg"
    guard let handle = FileHandle(forReadingAtPath: face) else { return nil }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 64)) ?? Data()
    guard head.starts(with: Array("<?xml".utf8)) else {
      unreadableFaces += 1
      return nil
    }
    return face
  }

  /// A DOT string: quotes and backslashes escaped, line breaks as `\n`, other controls (and
  /// bidi controls) as `TerminalText.replacement`, as every writer shows them.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(TerminalText.isControl(scalar) ? TerminalText.replacement : scalar)
      }
    }
    return out + "\""
  }

  /// Text for an HTML-like label: `&`, `<`, `>` and `"` as entities, controls replaced as in
  /// `quoted(_:)`.
  static func htmlEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.unicodeScalars.append(TerminalText.isControl(scalar) ? TerminalText.replacement : scalar)
      }
    }
    return out
  }
}
