import Foundation

/// Money as Monica's MoneyHelper renders US dollars for the English locale.
package enum MoneyFormat {
  /// `DecimalMoneyFormatter`: `12.50`.
  package static func decimal(_ cents: Int) -> String {
    "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
  }

  /// `#,##0.###`: `1,234.5`, `20`.
  package static func pattern(_ cents: Int) -> String {
    var text = group(cents / 100)
    let fraction = cents % 100
    if fraction != 0 {
      text += "." + (fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)"))
    }
    return text
  }

  /// `1,234.50`, the number part of `$1,234.50`.
  package static func grouped(_ cents: Int) -> String {
    "\(group(cents / 100)).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
  }

  private static func group(_ value: Int) -> String {
    let digits = Array(String(value))
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }
}
