import MonicaKit
import Testing

/// Which columns a table shows at a width, and how wide.
@Suite struct ColumnLayoutTests {
  typealias Demand = ColumnLayout.Demand

  /// A contact table's columns: id, name, ★, birthday, job, tags, updated.
  let contact = [
    Demand(natural: 3, fixed: true, priority: 0), Demand(natural: 15, fixed: false, priority: 0),
    Demand(natural: 1, fixed: true, priority: 2), Demand(natural: 10, fixed: true, priority: 1),
    Demand(natural: 24, fixed: false, priority: 3), Demand(natural: 18, fixed: false, priority: 3),
    Demand(natural: 10, fixed: true, priority: 4),
  ]

  func total(_ layout: ColumnLayout) -> Int { layout.widths.reduce(0, +) + 2 * max(0, layout.widths.count - 1) }

  @Test("a table that fits is shown whole")
  func fits() {
    let layout = ColumnLayout(contact, width: 200)
    #expect(layout.shown == Array(contact.indices))
    #expect(layout.widths == contact.map(\.natural))
  }

  @Test("low priorities leave first, the rightmost among equals; ids and dates are never cut")
  func priorities() {
    // 3+15+1+10+24+18+10 and 12 between: 93; at their floors (10) 66, so nothing leaves at 85.
    #expect(ColumnLayout(contact, width: 85).shown == Array(contact.indices))
    // Updated (4) leaves first, then tags (the rightmost 3), job, ★ (2), birthday (1).
    #expect(ColumnLayout(contact, width: 60).shown == [0, 1, 2, 3, 4, 5])
    #expect(ColumnLayout(contact, width: 51).shown == [0, 1, 2, 3, 4])
    #expect(ColumnLayout(contact, width: 40).shown == [0, 1, 2, 3])
    #expect(ColumnLayout(contact, width: 40).widths == [3, 15, 1, 10])
    #expect(ColumnLayout(contact, width: 30).widths == [3, 10, 1, 10])
    #expect(ColumnLayout(contact, width: 27).shown == [0, 1, 3])
    #expect(ColumnLayout(contact, width: 20).shown == [0, 1])
    #expect(ColumnLayout(contact, width: 20).widths == [3, 15])
  }

  @Test("the least important flexible column is cut first, and not below the floor while others can leave")
  func cutting() {
    // At 60 job and tags give their 21 extra columns, the wider first; the name stays whole.
    #expect(ColumnLayout(contact, width: 60).widths == [3, 15, 1, 10, 10, 11])
    // At 56 they are at their floor, and the name, more important, gives the rest.
    #expect(ColumnLayout(contact, width: 56).widths == [3, 12, 1, 10, 10, 10])
  }

  @Test("at every width: within the width, fixed columns whole, flexible ones readable")
  func everyWidth() {
    for width in 1...120 {
      let layout = ColumnLayout(contact, width: width)
      #expect(layout.shown.first == 0, "\(width): the id stays")
      #expect(total(layout) <= max(width, 3), "\(width): \(layout)")
      for (position, index) in layout.shown.enumerated() where contact[index].fixed {
        #expect(layout.widths[position] == contact[index].natural, "\(width): column \(index) was cut")
      }
      // Below id + a space + the floor only the essentials are left, and they may be cut further.
      if width >= 3 + 2 + ColumnLayout.floor {
        for (position, index) in layout.shown.enumerated() where !contact[index].fixed {
          #expect(layout.widths[position] >= min(contact[index].natural, ColumnLayout.floor), "\(width): \(layout)")
        }
      }
    }
  }

  @Test("on a very narrow width the essentials are cut to a letter, then the last ones leave")
  func veryNarrow() {
    #expect(ColumnLayout(contact, width: 10).widths == [3, 5])
    #expect(ColumnLayout(contact, width: 8).widths == [3, 3])
    #expect(ColumnLayout(contact, width: 7).widths == [3])
    // A first column wider than everything is still shown whole: an id is never cut.
    #expect(ColumnLayout(contact, width: 2).widths == [3])
  }
}
