/// The column maps of the exports `monica-import csv` recognises, as data: each header name
/// (compared trimmed and case-insensitively) and what its column means; a name given twice in
/// a header takes its meanings in order (French Outlook's two `Titre`), further ones the note.
/// Where each header comes from is in Tests/EndToEndTests/Fixtures/csv/README.md.
extension CSVLayout {
  /// Google Contacts' "Google CSV", the current export (`First Name`... `Labels`), and the
  /// columns of its numbered groups' parts (`CSVGroupKind`, `CSVGroupPart`).
  static let google: [String: [CSVColumn]] = table([
    ("First Name", .firstName), ("Middle Name", .middleName), ("Last Name", .lastName),
    ("Phonetic First Name", .note("Phonetic first name")), ("Phonetic Middle Name", .note("Phonetic middle name")),
    ("Phonetic Last Name", .note("Phonetic last name")), ("Name Prefix", .namePrefix), ("Name Suffix", .nameSuffix),
    ("Nickname", .nickname), ("File As", .fileAs), ("Organization Name", .company),
    ("Organization Title", .jobTitle), ("Organization Department", .department),
    ("Organization Phonetic Name", .note("Organization phonetic name")),
    ("Organization Symbol", .note("Organization symbol")), ("Organization Location", .note("Organization location")),
    ("Organization Job Description", .note("Job description")),
    ("Birthday", .birthday), ("Notes", .notes), ("Photo", .photo), ("Labels", .tags(separator: " ::: ")),
  ])

  /// Google Contacts' older "Google CSV" (`Name,Given Name,Additional Name,Family Name`...
  /// `Group Membership`, with or without `Language,Photo`), and its numbered groups.
  static let googleOlder: [String: [CSVColumn]] = table([
    ("Name", .fullName), ("Given Name", .firstName), ("Additional Name", .middleName), ("Family Name", .lastName),
    ("Yomi Name", .note("Yomi name")), ("Given Name Yomi", .note("Given name yomi")),
    ("Additional Name Yomi", .note("Additional name yomi")), ("Family Name Yomi", .note("Family name yomi")),
    ("Name Prefix", .namePrefix), ("Name Suffix", .nameSuffix), ("Initials", .note("Initials")),
    ("Nickname", .nickname), ("Short Name", .note("Short name")), ("Maiden Name", .note("Maiden name")),
    ("Birthday", .birthday), ("Gender", .gender()), ("Location", .note("Location")),
    ("Billing Information", .note("Billing information")), ("Directory Server", .note("Directory server")),
    ("Mileage", .note("Mileage")), ("Occupation", .note("Occupation")), ("Hobby", .note("Hobby")),
    ("Sensitivity", .note("Sensitivity")), ("Priority", .note("Priority")), ("Subject", .note("Subject")),
    ("Notes", .notes), ("Language", .note("Language")), ("Photo", .photo),
    ("Group Membership", .tags(separator: " ::: ")),
  ])

  /// LinkedIn's `Connections.csv` (`First Name,Last Name,URL,Email Address,Company,Position,
  /// Connected On`; older exports without `URL`).
  static let linkedIn: [String: [CSVColumn]] = table([
    ("First Name", .firstName), ("Last Name", .lastName), ("URL", .linkedIn), ("Email Address", .email(label: nil)),
    ("Company", .company), ("Position", .jobTitle), ("Connected On", .note("Connected on LinkedIn")),
  ])

  /// Outlook's CSV, English: desktop Outlook (about 90 columns, `Business Country/Region` or the
  /// older `Business Country`), outlook.com (61 columns, `Given Yomi`...) and Google's "Outlook
  /// CSV" (`Home Address`...).
  static let outlook: [String: [CSVColumn]] = table(
    [
      ("Title", .namePrefix), ("First Name", .firstName), ("Middle Name", .middleName), ("Last Name", .lastName),
      ("Suffix", .nameSuffix), ("Nickname", .nickname), ("Given Yomi", .note("Given yomi")),
      ("Surname Yomi", .note("Surname yomi")), ("Company Yomi", .note("Company yomi")),
      ("Display Name", .fullName), ("Company", .company), ("Department", .department), ("Job Title", .jobTitle),
      ("Office Location", .note("Office location")), ("Birthday", .birthday),
      ("Anniversary", .note("Anniversary", unless: outlookNoDate)), ("Notes", .notes),
      ("Categories", .tags(separator: ";")), ("Gender", .gender(unless: ["Unspecified"])),
      ("E-mail Address", .email(label: nil)), ("E-mail 2 Address", .email(label: nil)),
      ("E-mail 3 Address", .email(label: nil)), ("E-mail Type", .bookkeeping), ("E-mail 2 Type", .bookkeeping),
      ("E-mail 3 Type", .bookkeeping), ("E-mail Display Name", .bookkeeping),
      ("E-mail 2 Display Name", .bookkeeping), ("E-mail 3 Display Name", .bookkeeping),
      ("Web Page", .website(label: nil)), ("Personal Web Page", .website(label: nil)), ("IMAddress", .note("IM")),
      ("Spouse", .note("Spouse")), ("Children", .note("Children")), ("Manager's Name", .note("Manager")),
      ("Assistant's Name", .note("Assistant")), ("Referred By", .note("Referred by")),
      ("Schools", .note("Schools")), ("Hobby", .note("Hobby")), ("Location", .note("Location")),
      ("Profession", .note("Profession")), ("Account", .note("Account")),
      ("Billing Information", .note("Billing information")), ("Directory Server", .note("Directory server")),
      ("Government ID Number", .note("Government ID number")), ("Initials", .note("Initials")),
      ("Internet Free Busy", .note("Internet free/busy")), ("Keywords", .note("Keywords")),
      ("Language", .note("Language")), ("Mileage", .note("Mileage")),
      ("Organizational ID Number", .note("Organizational ID number")),
      ("Priority", .note("Priority", unless: ["Normal"])), ("Private", .note("Private", unless: ["False"])),
      ("Sensitivity", .note("Sensitivity", unless: ["Normal"])), ("User 1", .note("User 1")),
      ("User 2", .note("User 2")), ("User 3", .note("User 3")), ("User 4", .note("User 4")),
    ]
      + outlookPhones([
        ("Assistant's Phone", "Assistant"), ("Business Fax", "Business fax"), ("Business Phone", "Business"),
        ("Business Phone 2", "Business"), ("Callback", "Callback"), ("Car Phone", "Car"),
        ("Company Main Phone", "Company main"), ("Home Fax", "Home fax"), ("Home Phone", "Home"),
        ("Home Phone 2", "Home"), ("ISDN", "ISDN"), ("Mobile Phone", "Mobile"), ("Other Fax", "Other fax"),
        ("Other Phone", "Other"), ("Pager", "Pager"), ("Primary Phone", "Primary"), ("Radio Phone", "Radio"),
        ("TTY/TDD Phone", "TTY/TDD"), ("Telex", "Telex"),
      ])
      + [("Business", "Work"), ("Home", "Home"), ("Other", "Other")].flatMap { prefix, group in
        outlookAddress(
          group,
          [
            ("\(prefix) Street", .street), ("\(prefix) Street 2", .street2), ("\(prefix) Street 3", .street3),
            ("\(prefix) Address PO Box", .poBox), ("\(prefix) City", .city), ("\(prefix) State", .region),
            ("\(prefix) Postal Code", .postalCode), ("\(prefix) Country/Region", .country),
            ("\(prefix) Country", .country), ("\(prefix) Address", .formatted),
          ])
      }
      + outlookGerman + outlookFrench)

  /// German Outlook's names, as Open-Xchange maps them
  /// (com.openexchange.importexport/importCSV/outlook2007.de_DE.properties).
  private static let outlookGerman: [(String, CSVColumn)] =
    [
      ("Anrede", .namePrefix), ("Vorname", .firstName), ("Weitere Vornamen", .middleName), ("Nachname", .lastName),
      ("Firma", .company), ("Abteilung", .department), ("Position", .jobTitle), ("Geburtstag", .birthday),
      ("Jahrestag", .note("Anniversary", unless: outlookNoDate)), ("Kategorien", .tags(separator: ";")),
      ("E-Mail-Adresse", .email(label: nil)), ("E-Mail 2: Adresse", .email(label: nil)),
      ("E-Mail 3: Adresse", .email(label: nil)), ("E-Mail-Typ", .bookkeeping), ("E-Mail 2: Typ", .bookkeeping),
      ("E-Mail 3: Typ", .bookkeeping), ("E-Mail: Angezeigter Name", .bookkeeping),
      ("E-Mail 2: Angezeigter Name", .bookkeeping), ("E-Mail 3: Angezeigter Name", .bookkeeping),
      ("Notizen", .notes), ("Webseite", .website(label: nil)), ("Name Assistent", .note("Assistant")),
      ("Name des/der Vorgesetzten", .note("Manager")), ("Partner", .note("Spouse")), ("Kinder", .note("Children")),
      ("Beruf", .note("Profession")), ("Büro", .note("Office location")),
      ("Organisations-Nr.", .note("Organizational ID number")),
      ("Vertraulichkeit", .note("Sensitivity", unless: ["Normal"])),
      ("Geschlecht", .gender(unless: ["Nicht angegeben"])),
    ]
    + outlookPhones([
      ("Telefon Assistent", "Assistant"), ("Telefon geschäftlich", "Business"), ("Telefon geschäftlich 2", "Business"),
      ("Rückmeldung", "Callback"), ("Autotelefon", "Car"), ("Telefon Firma", "Company main"),
      ("Telefon privat", "Home"), ("Telefon privat 2", "Home"), ("ISDN", "ISDN"), ("Mobiltelefon", "Mobile"),
      ("Weiteres Telefon", "Other"), ("Pager", "Pager"), ("Haupttelefon", "Primary"), ("Mobiltelefon 2", "Radio"),
      ("Telex", "Telex"), ("Telefon für Hörbehinderte", "TTY/TDD"), ("Fax geschäftlich", "Business fax"),
      ("Fax privat", "Home fax"), ("Weiteres Fax", "Other fax"),
    ])
    + outlookAddress(
      "Work",
      [
        ("Straße geschäftlich", .street), ("Straße geschäftlich 2", .street2), ("Straße geschäftlich 3", .street3),
        ("Ort geschäftlich", .city), ("Region geschäftlich", .region), ("Postleitzahl geschäftlich", .postalCode),
        ("Land/Region geschäftlich", .country),
      ])
    + outlookAddress(
      "Home",
      [
        ("Straße privat", .street), ("Straße privat 2", .street2), ("Straße privat 3", .street3),
        ("Ort privat", .city), ("Bundesland/Kanton privat", .region), ("Postleitzahl privat", .postalCode),
        ("Land/Region privat", .country),
      ])
    + outlookAddress(
      "Other",
      [
        ("Weitere Straße", .street), ("Weitere Straße 2", .street2), ("Weitere Straße 3", .street3),
        ("Weiterer Ort", .city), ("Weiteres/r Bundesland/Kanton", .region), ("Weitere Postleitzahl", .postalCode),
        ("Weiteres/e Land/Region", .country),
      ])

  /// French Outlook's names, as Open-Xchange maps them (com.openexchange.importexport/src/com/
  /// openexchange/importexport/formats/csv/FrenchOutlookMapper.java): `Titre` twice, the name's
  /// title then the job's; `Anniversaire` is the birthday.
  private static let outlookFrench: [(String, CSVColumn)] =
    [
      ("Titre", .namePrefix), ("Titre", .jobTitle), ("Prénom", .firstName), ("Deuxième prénom", .middleName),
      ("Nom", .lastName), ("Suffixe", .nameSuffix), ("Société", .company), ("Service", .department),
      ("Fonction", .jobTitle), ("Anniversaire", .birthday),
      ("Anniversaire de mariage ou fête", .note("Anniversary", unless: outlookNoDate)),
      ("Catégories", .tags(separator: ";")), ("Adresse de messagerie", .email(label: nil)),
      ("Adresse de messagerie 2", .email(label: nil)), ("Adresse de messagerie 3", .email(label: nil)),
      ("Type de messagerie", .bookkeeping), ("Type de messagerie 2", .bookkeeping),
      ("Type de messagerie 3", .bookkeeping), ("Nom complet de l'adresse de messagerie", .bookkeeping),
      ("Nom complet de l'adresse de messagerie 2", .bookkeeping),
      ("Nom complet de l'adresse de messagerie 3", .bookkeeping), ("Notes", .notes),
      ("Page Web", .website(label: nil)), ("Conjoint(e)", .note("Spouse")), ("Enfants", .note("Children")),
      ("Profession", .note("Profession")), ("Responsable", .note("Manager")),
      ("Nom de l'assistant(e)", .note("Assistant")), ("Sexe", .gender(unless: ["Non spécifié"])),
      ("Critère de diffusion", .note("Sensitivity", unless: ["Normal"])),
      ("Priorité", .note("Priority", unless: ["Normale"])), ("Privé", .note("Private", unless: ["Faux"])),
    ]
    + outlookPhones([
      ("Téléphone de l'assistant(e)", "Assistant"), ("Télécopie (bureau)", "Business fax"),
      ("Téléphone (bureau)", "Business"), ("Téléphone 2 (bureau)", "Business"), ("Rappel", "Callback"),
      ("Téléphone (voiture)", "Car"), ("Téléphone société", "Company main"), ("Télécopie (domicile)", "Home fax"),
      ("Téléphone (domicile)", "Home"), ("Téléphone 2 (domicile)", "Home"), ("RNIS", "ISDN"),
      ("Tél. mobile", "Mobile"), ("Télécopie (autre)", "Other fax"), ("Téléphone (autre)", "Other"),
      ("Récepteur de radiomessagerie", "Pager"), ("Téléphone principal", "Primary"),
      ("Radio téléphone", "Radio"), ("Téléphone TDD/TTY", "TTY/TDD"), ("Télex", "Telex"),
    ])
    + [("bureau", "Work"), ("domicile", "Home"), ("autre", "Other")].flatMap { place, group in
      outlookAddress(
        group,
        [
          ("Rue (\(place))", .street), ("Rue (\(place)) 2", .street2), ("Rue (\(place)) 3", .street3),
          ("Ville (\(place))", .city), ("Dép/Région (\(place))", .region), ("Code postal (\(place))", .postalCode),
          ("Pays (\(place))", .country), ("Pays/Région (\(place))", .country),
        ])
    }
    + outlookAddress(
      "Work", [("B.P. professionnelle", .poBox)]) + outlookAddress("Home", [("Boîte postale du domicile", .poBox)])
    + outlookAddress("Other", [("Autre boîte postale", .poBox)])

  /// Outlook's empty date, in its birthday and anniversary columns.
  static let outlookNoDate: Set<String> = ["0/0/00", "00.00.00", "00.00.0000", "0.0.00"]

  private static func outlookPhones(_ columns: [(String, String)]) -> [(String, CSVColumn)] {
    columns.map { ($0.0, .phone(label: $0.1)) }
  }

  private static func outlookAddress(_ group: String, _ columns: [(String, CSVAddressPart)]) -> [(String, CSVColumn)] {
    columns.map { ($0.0, .address(group: group, part: $0.1)) }
  }

  /// The table of `entries`, by lower-cased name, a name's meanings in order.
  private static func table(_ entries: [(String, CSVColumn)]) -> [String: [CSVColumn]] {
    var table: [String: [CSVColumn]] = [:]
    for (name, column) in entries where table[name.lowercased()]?.contains(column) != true {
      table[name.lowercased(), default: []].append(column)
    }
    return table
  }
}
