/// Which columns of a table are shown at a width, and how wide each one is.
///
/// A column is either *fixed* (an id, a date, a mark, an amount: cut, it would say nothing, so it
/// keeps its whole width or leaves the table) or *flexible* (a name, a title, a text: cut with `…`,
/// but not below `floor` columns while anything else can give). Each has a priority, 0 for the
/// columns that make a row (an id and a name), higher for the ones a narrow table can do without.
///
/// The layout first leaves out the columns of lowest priority (the rightmost among equals) until
/// what remains fits at its floors, then cuts flexible columns until the table fits, the least
/// important (and widest among equals) first, so that at any width the table keeps fewer columns
/// that can be read, the important ones whole if possible, rather than every column cut to a few
/// letters. Only when the priority-0 columns alone do not fit are flexible ones cut below
/// their floor (to `minimum`) and then the rightmost ones left out; a first column wider than the
/// whole width is shown whole, the one case where a row may overflow.
package struct ColumnLayout: Equatable, Sendable {
  /// What one column needs.
  package struct Demand: Equatable, Sendable {
    /// The width of its header and of its widest cell.
    package var natural: Int
    /// Never cut: shown at its natural width or not at all.
    package var fixed: Bool
    /// 0 for the columns a row needs; the highest leaves first.
    package var priority: Int

    package init(natural: Int, fixed: Bool, priority: Int) {
      self.natural = natural
      self.fixed = fixed
      self.priority = priority
    }
  }

  /// The narrowest a flexible column is cut to while other columns can leave instead: a short
  /// word or the start of a name, enough to recognise it.
  package static let floor = 10
  /// The narrowest a flexible column is ever cut to: a letter and `…`.
  package static let minimum = 3

  /// The indices of the columns shown, in their original order.
  package let shown: [Int]
  /// The width of each column shown.
  package let widths: [Int]

  /// Lays `demands` out in `width` columns with `gap` spaces between them.
  package init(_ demands: [Demand], width: Int, gap: Int = 2) {
    func total(_ widths: [Int]) -> Int { widths.reduce(0, +) + gap * max(0, widths.count - 1) }
    func floor(_ demand: Demand) -> Int { demand.fixed ? demand.natural : min(demand.natural, Self.floor) }
    var kept = Array(demands.indices)
    // Low priorities leave first, the rightmost among equals, until the floors fit.
    while total(kept.map { floor(demands[$0]) }) > width {
      let candidates = kept.filter { demands[$0].priority > 0 }
      guard
        let victim = candidates.max(by: { (demands[$0].priority, $0) < (demands[$1].priority, $1) })
      else { break }
      kept.removeAll { $0 == victim }
    }
    // Then flexible columns give a column at a time, the least important and widest first, down
    // to their floor, and only if that is not enough, down to the minimum.
    var widths = kept.map { demands[$0].natural }
    for limit in [kept.map { floor(demands[$0]) }, kept.map { min(demands[$0].natural, Self.minimum) }] {
      while total(widths) > width {
        let cuttable = widths.indices.filter { !demands[kept[$0]].fixed && widths[$0] > limit[$0] }
        let rank = { (index: Int) in (demands[kept[index]].priority, widths[index]) }
        guard let next = cuttable.max(by: { rank($0) < rank($1) }) else { break }
        widths[next] -= 1
      }
    }
    // Last, on a terminal narrower than a row's essentials, the rightmost columns leave.
    while total(widths) > width, kept.count > 1 {
      kept.removeLast()
      widths.removeLast()
    }
    shown = kept
    self.widths = widths
  }
}
