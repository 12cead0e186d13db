import Foundation

/// A Graphviz graph (DOT) of the relationships in a stream of contacts and relationship records
/// (`monica-fetch --all` gives both): a node per contact, an undirected edge per relationship
/// pair labelled with both sides' names (`child / parent`: the first name is the left node's),
/// coloured by type group, with a legend of the groups drawn. Written at the end of the input.
/// Other records are passed over without a warning: `--all` brings every kind.
final class GraphSink: RecordSink {
  private let output: LineOutput
  private let photos: String?
  private let around: (id: Int, depth: Int)?
  private var graph = RelationshipGraph()

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
  /// keeps the people at most `depth` relationships from one contact.
  init(output: LineOutput, photos: String? = nil, around: (id: Int, depth: Int)? = nil) {
    self.output = output
    self.photos = photos
    self.around = around
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
    var lines = [
      "graph \"Monica\" {",
      "  graph [fontname=\"Helvetica\", overlap=false, splines=true, nodesep=0.4];",
      "  node [fontname=\"Helvetica\", shape=box, style=\"rounded,filled\", fillcolor=\"#f7f7f7\"];",
      "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    for person in people { lines.append("  " + node(person)) }
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
        "    label=\"Relationships\"; fontname=\"Helvetica\"; style=\"rounded\"; color=\"#bbbbbb\";",
        "    \"legend\" [shape=plaintext, style=\"\", label=<<table border=\"0\" cellspacing=\"2\">"
          + rows.joined() + "</table>>];",
        "  }",
      ]
    }
    lines.append("}")
    try output.writeLines(Array((lines.joined(separator: "\n") + "\n").utf8))
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

  /// The file monica-avatar saved for a contact, in a format Graphviz reads (not WebP).
  private func photo(of id: Int) -> String? {
    guard let photos else { return nil }
    for (ext, _) in VCardSink.imageTypes where ext != "webp" {
      let path = photos + "/\(id).\(ext)"
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    return nil
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
