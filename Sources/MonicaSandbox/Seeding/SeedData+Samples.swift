import MonicaKit

/// The texts and values seeded records draw from.
extension SeedData {
  static let callNotes = ["Talked about the move to Lyon", "Planned the weekend — finally!", "誕生日の電話"]
  static let messages = ["Are we still on for Friday?", "Oui, à vendredi !", "See you there 🎉", "👍"]
  static let journalTitles = ["A quiet Sunday", "Trip to the Alps", "Première neige", "Busy week"]
  static let journalPosts = [
    "Long walk by the river, then dinner with friends.", "Finished the book </br> at last.",
    "Went to https://example.com/events?id=1&lang=fr — great talk.", "雨の日。家で映画を見た。",
  ]
  /// Streets, each numbered by the household that lives there (`(n)`, SeedData+Households.swift).
  static let addresses: [(String, String, String, String, String, String, String)] = [
    ("(n) rue de la Paix", "Paris", "Île-de-France", "75002", "FR", "48.8686", "2.3314"),
    ("(n) Baker Street", "London", "Greater London", "NW1 6XE", "GB", "51.5237", "-0.1585"),
    ("(n) Amphitheatre Pkwy", "Mountain View", "CA", "94043", "US", "37.4220", "-122.0841"),
    ("Unter den Linden (n)", "Berlin", "Berlin", "10117", "DE", "52.5170", "13.3889"),
    ("1-(n) Chiyoda", "Tokyo", "Tokyo", "100-8111", "JP", "35.6852", "139.7528"),
  ]
  /// The keys of the life event types seeded life events have.
  static let lifeEvents = ["new_job", "moved", "marriage", "new_sport"]
  static let documents: [(String, String, String)] = [
    ("passport.pdf", "pdf", "application/pdf"),
    (
      "lease-2021.docx", "docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    ),
    ("receipt.png", "png", "image/png"),
  ]

}
