import Testing

@testable import MonicaKit

/// Relationship rows paired into edges, on made-up records.
@Suite struct RelationshipGraphTests {
  func graph(_ lines: [String]) -> RelationshipGraph {
    var graph = RelationshipGraph()
    for json in lines {
      var scanner = RecordScanner()
      Array(json.utf8).withUnsafeBufferPointer { buffer in
        guard scanner.scan(buffer) else { return }
        let record = Record(
          bytes: buffer, members: scanner.members, objectRange: scanner.objectRange, source: "t", line: 1)
        _ = graph.add(record.root, kind: record.kind ?? "")
      }
    }
    return graph
  }

  static func row(_ id: Int, _ from: Int, _ name: String, _ reverse: String?, _ to: Int) -> String {
    let back = reverse.map { #","name_reverse_relationship":"\#($0)""# } ?? ""
    return #"{"id":\#(id),"object":"relationship","contact_is":{"id":\#(from)},"#
      + #""relationship_type":{"name":"\#(name)"\#(back)},"of_contact":{"id":\#(to)}}"#
  }

  @Test("two rows of a pair are one edge; two relationships between the same people are two")
  func pairs() {
    let edges = graph([
      Self.row(1, 1, "friend", "friend", 2), Self.row(2, 2, "friend", "friend", 1),
      Self.row(3, 2, "boss", "subordinate", 1), Self.row(4, 1, "subordinate", "boss", 2),
    ]).edges
    #expect(edges.map(\.label) == ["friend", "boss / subordinate"])
    #expect(edges.map(\.group) == ["friend", "work"])
  }

  @Test("a row without its twin is an edge still, the reverse name from Monica's default types")
  func lone() {
    let edges = graph([Self.row(7, 3, "grandparent", nil, 4)]).edges
    #expect(edges == [.init(from: 3, to: 4, fromRole: "grandchild", toRole: "grandparent", group: "family")])
  }

  @Test("a custom type pairs by its reverse name; its group from a contact, a group record, or none")
  func custom() {
    let contact =
      #"{"id":5,"object":"contact","information":{"relationships":{"work":{"contacts":["#
      + #"{"relationship":{"id":9,"name":"teacher"},"contact":{"id":6}}]}}}}"#
    let edges = graph([Self.row(8, 6, "pupil", "teacher", 5), Self.row(9, 5, "teacher", "pupil", 6), contact]).edges
    #expect(edges.map(\.label) == ["pupil / teacher"] && edges.map(\.from) == [5])
    #expect(edges.map(\.group) == ["work"])
    #expect(graph([Self.row(8, 6, "pupil", "teacher", 5)]).edges.map(\.group) == [nil])
    let withGroup =
      #"{"id":8,"object":"relationship","contact_is":{"id":6},"relationship_type":{"name":"pupil","#
      + #""relationship_type_group_id":12},"of_contact":{"id":5}}"#
    let group = #"{"id":12,"object":"relationshiptypegroup","name":"work"}"#
    #expect(graph([withGroup, group]).edges.map(\.group) == ["work"])
  }

  @Test("around: the people within depth, nil for an unknown id")
  func around() {
    let graph = graph([Self.row(1, 1, "friend", "friend", 2), Self.row(3, 2, "friend", "friend", 3)])
    let edges = graph.edges
    #expect(graph.around(1, depth: 0, edges: edges) == [1])
    #expect(graph.around(1, depth: 1, edges: edges) == [1, 2])
    #expect(graph.around(1, depth: 5, edges: edges) == [1, 2, 3])
    #expect(graph.around(9, depth: 1, edges: edges) == nil)
  }

  @Test("DOT labels show terminal and bidi controls as U+FFFD, as every writer does")
  func labelsAreTerminalSafe() {
    let name = "Ann\u{1B}]0;x\u{07}\u{9B}2J\u{202E}gnp Lee\u{7F}"
    let quoted = GraphSink.quoted(name)
    #expect(!quoted.unicodeScalars.contains(where: TerminalText.isControl), "\(quoted.debugDescription)")
    #expect(quoted == "\"Ann\u{FFFD}]0;x\u{FFFD}\u{FFFD}2J\u{FFFD}gnp Lee\u{FFFD}\"")
    #expect(!GraphSink.htmlEscaped(name).unicodeScalars.contains(where: TerminalText.isControl))
  }
}
