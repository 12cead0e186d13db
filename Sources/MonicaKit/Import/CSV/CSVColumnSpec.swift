/// `--columns first_name="Given",email="Mail 1",email="Mail 2"`: which column of a header fills
/// which field, for any CSV the exports' maps do not know (a spreadsheet, a CRM's export).
package struct CSVColumnSpec: Sendable, Equatable {
  /// A field a column can fill.
  package enum Field: String, CaseIterable, Sendable {
    case firstName = "first_name", middleName = "middle_name", lastName = "last_name", name, nickname, prefix, suffix
    case company, job, department, birthday, notes, gender, tags, email, phone, website, linkedin
    case street, city, province, postalCode = "postal_code", country, note

    /// What the field's column means.
    var column: CSVColumn {
      switch self {
      case .firstName: .firstName
      case .middleName: .middleName
      case .lastName: .lastName
      case .name: .fullName
      case .nickname: .nickname
      case .prefix: .namePrefix
      case .suffix: .nameSuffix
      case .company: .company
      case .job: .jobTitle
      case .department: .department
      case .birthday: .birthday
      case .notes: .notes
      case .gender: .gender()
      case .tags: .tags(separator: ";")
      case .email: .email(label: nil)
      case .phone: .phone(label: nil)
      case .website: .website(label: nil)
      case .linkedin: .linkedIn
      case .street: .address(group: "", part: .street)
      case .city: .address(group: "", part: .city)
      case .province: .address(group: "", part: .region)
      case .postalCode: .address(group: "", part: .postalCode)
      case .country: .address(group: "", part: .country)
      case .note: .note("")
      }
    }
  }

  /// Each field and the header name of its column, in the order given.
  package let pairs: [(field: Field, header: String)]

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.pairs.map { "\($0.field.rawValue)=\($0.header)" } == rhs.pairs.map { "\($0.field.rawValue)=\($0.header)" }
  }

  /// Why a `--columns` text cannot be read.
  package struct Problem: Error, Sendable, CustomStringConvertible {
    package let reason: String
    package var description: String { reason }
  }

  /// Reads `field=Header` pairs separated by commas; a header in double quotes may hold commas
  /// and `""` for a quote. Several texts (the option given more than once) add up.
  package init(parsing texts: [String]) throws(Problem) {
    var pairs: [(field: Field, header: String)] = []
    for text in texts {
      var rest = Substring(text)
      while !rest.isEmpty {
        guard let equals = rest.firstIndex(of: "=") else {
          throw Problem(reason: "\(OutsideText.quoted(String(rest))): not field=\"Column\"")
        }
        let name = String(rest[..<equals]).trimmingWhiteSpace
        guard let field = Field(rawValue: name.lowercased()) else {
          throw Problem(
            reason:
              "\(OutsideText.quoted(name)) is not a field (\(Field.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        rest = rest[rest.index(after: equals)...]
        var header = ""
        if rest.first == "\"" {
          rest = rest.dropFirst()
          var closed = false
          while let character = rest.first {
            rest = rest.dropFirst()
            if character == "\"" {
              if rest.first == "\"" {
                header.append("\"")
                rest = rest.dropFirst()
              } else {
                closed = true
                break
              }
            } else {
              header.append(character)
            }
          }
          guard closed else { throw Problem(reason: "\(name)=: a quote is not closed") }
          rest = rest.drop { $0 == " " }
          guard rest.isEmpty || rest.first == "," else {
            throw Problem(reason: "\(name)=: text after the closing quote")
          }
        } else {
          let end = rest.firstIndex(of: ",") ?? rest.endIndex
          header = String(rest[..<end]).trimmingWhiteSpace
          rest = rest[end...]
        }
        if rest.first == "," { rest = rest.dropFirst() }
        guard !header.isEmpty else { throw Problem(reason: "\(name)= names no column") }
        pairs.append((field: field, header: header))
      }
    }
    guard !pairs.isEmpty else { throw Problem(reason: "names no column") }
    self.pairs = pairs
  }
}
