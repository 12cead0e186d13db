import MonicaKit

/// A deterministic, realistic account: the same seed and size give the same bytes everywhere.
package enum SeedData {
  /// Contacts with activities, notes, tasks, gifts and photos; beyond this many only contacts.
  package static let contactsWithItems = 1_000

  private static let latinFirst = [
    "Émilie", "José", "Zoë", "François", "Anaïs", "Björn", "Søren", "Łukasz", "Chloé", "Renée", "Mateo",
    "Olivia", "Liam", "Noah", "Amelia", "Hugo", "Inès", "Núria", "Jürgen", "Agnès", "Ana", "Dmitri",
    "Ingrid", "Marta", "Grace", "Tomás",
  ]
  private static let latinLast = [
    "Müller", "García", "Núñez", "O'Brien", "Dubois", "Lefèvre", "Smith", "Johnson", "Kowalski",
    "Søndergaard", "da Silva", "Martínez", "Brontë", "Ångström", "Rossi", "Nguyễn", "Baker", "Okafor",
  ]
  private static let cjkFirst = ["太郎", "花子", "美咲", "伟", "芳", "秀英", "민준", "서연"]
  private static let cjkLast = ["山田", "佐藤", "王", "李", "张", "김", "박"]
  private static let arabicFirst = ["محمد", "فاطمة", "علي", "ليلى", "يوسف"]
  private static let arabicLast = ["الحسن", "حداد", "منصور", "خليل"]
  private static let hebrewFirst = ["דוד", "שרה", "יוסף", "נועה", "אורי"]
  private static let hebrewLast = ["כהן", "לוי", "מזרחי", "פרץ"]
  /// Every name a seeded contact's first or last name is drawn from.
  static let names = latinFirst + latinLast + cjkFirst + cjkLast + arabicFirst + arabicLast + hebrewFirst + hebrewLast
  /// The ASCII forms ICU's "Any-Latin; Latin-ASCII" gives the first letters of the names' words
  /// that are not ASCII, and of the ⚰ ending a dead contact's name: the initials of a seeded
  /// contact need no transliterator (setting one up for Han or Arabic costs more CPU than
  /// seeding 200 contacts), and give what ICU gives (SeedDataTests checks each one).
  static let initialASCIIForms: [Character: String] = [
    "É": "E", "Ł": "L", "Å": "A", "太": "tai", "花": "hua", "美": "mei", "伟": "wei", "芳": "fang", "秀": "xiu",
    "민": "min", "서": "seo", "山": "shan", "佐": "zuo", "王": "wang", "李": "li", "张": "zhang", "김": "gim",
    "박": "bag", "م": "m", "ف": "f", "ع": "ʿ", "ل": "l", "ي": "y", "ا": "a", "ح": "h", "خ": "kh", "ד": "d",
    "ש": "s", "י": "y", "נ": "n", "א": "'", "כ": "k", "ל": "l", "מ": "m", "פ": "p", "⚰": "⚰",
  ]
  private static let nicknames = ["Bibi", "Jojo", "小明", "Sunny", "Doc", "Ace", "Nono", "Lulu"]
  private static let descriptions = [
    "Met at the conference in Lyon", "Neighbour from 4B", "Climbing partner", "Friend of a friend",
    "Ancien collègue — très sympa", "大学の友達",
  ]
  private static let jobs = [
    "Engineer", "Teacher", "Nurse", "Chef", "Architect", "Journalist", "Ingénieure", "Pharmacist",
  ]
  private static let companies = ["Acme Corp", "Société Générale", "株式会社テスト", "Initech", "Globex", "شركة النور"]
  private static let foods = ["Vegetarian", "Allergic to peanuts", "Loves sushi", "No gluten"]
  /// The colours Monica picks initials avatars from.
  package static let avatarColors = [
    "#fdb660", "#93521e", "#bd5067", "#b3d5fe", "#ff9807", "#709512", "#5f479a", "#e5e5cd",
  ]
  private static let tagNames: [(String, String)] = [
    ("family", "family"), ("work", "work"), ("école", "ecole"), ("友達", "you-da"), ("عائلة", "aayl"),
    ("book club", "book-club"), ("tennis", "tennis"), ("neighbours", "neighbours"),
  ]
  static let noteBodies = [
    "Call back about the move", "Loves hiking in the Alps 🏔", "Allergic to cats",
    "Birthday dinner at \"Chez Léon\"", "Recommended the book </br> \"Dune\"", "会議のメモ: next steps",
    "Lives at 12 rue de la Paix, Paris", "Asked about https://example.com/path?x=1&y=2",
  ]
  static let taskTitles = [
    "Send the photos", "Return the book", "Plan the trip", "Buy a present", "Écrire une carte",
  ]
  static let giftNames = ["Book", "Scarf", "Concert tickets", "Plant", "Chocolates", "Headphones"]
  static let summaries = ["Lunch", "Coffee", "Hiking", "Movie night", "Dîner au restaurant", "Board games"]
  static let emotions = [(1, "adoration"), (2, "joy"), (3, "relief"), (4, "nostalgia")]

  /// The first day of the seeded history.
  static let epoch = UTCTime.seconds(year: 2020, month: 1, day: 1)

  /// The account for `seed` with `count` contacts whose urls start with `baseURL`.
  package static func make(seed: UInt64, contacts count: Int, baseURL: String) -> StoreContents {
    make(seed: seed, contacts: count, urls: SeedURLs(base: baseURL))
  }

  /// The account for `seed` with `count` contacts whose urls are `urls`.
  package static func make(seed: UInt64, contacts count: Int, urls: SeedURLs) -> StoreContents {
    let baseURL = urls.base
    var facts = (0..<count).map { contactFacts(index: $0 + 1, seed: seed, count: count, urls: urls) }
    var shorts = ContactShorts(count: count)
    seedIntroductions(&facts, seed: seed, shorts: &shorts)
    var contents = StoreContents(user: JSONObject())
    let tagCreated = epoch - 30 * 86_400
    var tags = RecordTable()
    // An account starts with no tags (Account.php:687 populateDefaultFields makes none): the
    // seeded ones are those its contacts carry.
    for (offset, (name, slug)) in tagNames.enumerated() where count > 0 {
      tags.put(
        offset + 1,
        TagResource.json(
          id: offset + 1, name: name, slug: slug, created: .string(UTCTime.timestamp(tagCreated)),
          updated: .string(UTCTime.timestamp(tagCreated))))
    }
    contents[.tag] = tags

    func contactShort(_ id: Int) -> JSONValue { shorts.of(facts[id - 1]) }
    var ids = (photo: 0, field: 0, relationship: 0)
    // Activities, notes, tasks and gifts: SeedSamplers' kinds of the first pass, in its order.
    var context = SeedingContext(contents: StoreContents(user: JSONObject()), baseURL: baseURL, filesURL: urls.files)
    context.count = count
    context.guest = { facts[$0 - 1].isPartial ? nil : contactShort($0) }
    var photos = RecordTable()
    for index in 1...max(1, min(count, contactsWithItems)) where index <= count {
      var random = SplitMix64(seed: seed, stream: 2, index: UInt64(index))
      let owner = facts[index - 1]
      if owner.isPartial { continue }
      let short = contactShort(index)
      let start = owner.createdAt + 3_600

      for tagIndex in 0..<random.below(3) {
        let id = (index + tagIndex * 3) % tagNames.count + 1
        if let tag = tags.records[id], !facts[index - 1].tags.contains(.object(tag)) {
          facts[index - 1].tags.append(.object(tag))
        }
      }
      if random.chance(30), count > 1 {
        let other = random.below(count) + 1
        if other != index {
          let group = random.pick(RecordShapes.relationshipGroups)
          ids.relationship += 1
          let name = ["love": "partner", "family": "child", "friend": "friend", "work": "colleague"][group] ?? "friend"
          let relation = RelationshipResource.short(
            id: ids.relationship, uuid: .string(random.uuid()), name: .string(name), contact: contactShort(other))
          facts[index - 1].relationships[group, default: []].append(relation)
          // CreateRelationship makes the reverse row at once (CreateRelationship.php:51-55): the
          // other contact lists it too, unless partial (a partial contact shows no relationships).
          ids.relationship += 1
          if !facts[other - 1].isPartial {
            var reverse = SplitMix64(seed: seed, stream: 8, index: UInt64(ids.relationship))
            let back = RelationshipResource.short(
              id: ids.relationship, uuid: .string(reverse.uuid()), name: .string(reverseName(of: name)),
              contact: contactShort(index))
            facts[other - 1].relationships[group, default: []].append(back)
          }
        }
      }
      if index == 1 || random.chance(60) {
        ids.field += 1
        let first = facts[index - 1].firstName
        let address = first.allSatisfy(\.isASCII) ? first.lowercased() : "contact"
        contents.contactFields[index, default: []].append(
          contactField(
            id: ids.field, content: "\(address).\(index)@example.com", type: 1, short: short,
            random: &random, at: start))
      }
      if random.chance(40) {
        ids.field += 1
        contents.contactFields[index, default: []].append(
          contactField(
            id: ids.field, content: "", type: 2, short: short,
            random: &random, at: start))
      }
      context.begin(index, short: short, from: start, random: random)
      SeedSamplers.seed(.withContactFacts, &context)
      random = context.random
      facts[index - 1].lastActivity = context.lastActivity
      let wantsPhoto = owner.avatarSource == RecordKind.AvatarSource.photo.rawValue || random.chance(15)
      if wantsPhoto {
        ids.photo += 1
        let created = start + 120
        let name = pendingPhotoName(seed: seed, index: index)
        let bytes = TinyImage.png(
          red: UInt8(random.below(256)), green: UInt8(random.below(256)), blue: UInt8(random.below(256)))
        photos.put(
          ids.photo,
          PhotoResource.json(
            id: ids.photo, uuid: random.uuid(),
            originalName: "IMG_\(2020 + index % 4)0\(1 + index % 9)\(10 + index % 18).png",
            newName: name, bytes: bytes, mimeType: "image/png", contact: short, filesURL: urls.files, created: created))
      }
      facts[index - 1].statistics = context.statistics
    }
    // The activities each contact attends as another's guest: Monica counts a contact's activities
    // and its last one through the activity_contact pivot, every attendee alike (Contact.php:224-227,
    // 958-967; ContactBase.php:95).
    for (id, guest) in context.attended {
      facts[id - 1].statistics["number_of_activities", default: 0] += guest.count
      facts[id - 1].lastActivity = max(facts[id - 1].lastActivity ?? guest.last, guest.last)
    }
    let households = households(facts)
    shareLandlines(&contents, households: households)
    contents[.activity] = context.contents[.activity]
    contents[.note] = context.contents[.note]
    contents[.task] = context.contents[.task]
    contents[.gift] = attachingPhotos(context.contents[.gift], photos, seed: seed)
    contents[.photo] = photos

    var table = RecordTable()
    for fact in facts {
      table.put(fact.id, ContactResource.json(fact))
      if fact.isPartial { contents.partialAvatars[fact.id] = ContactResource.avatar(fact) }
    }
    contents[.contact] = table
    seedAccount(&contents, seed: seed, count: count, urls: urls, households: households)
    contents.user = user(seed: seed, me: count > 0 ? contactShort(1) : .null)
    return contents
  }

  /// The bound of a kind's count per contact, from its catalogue entry (`.perContact(below:)`).
  static func seeded(_ kind: RecordKind) -> Int {
    if case .perContact(let below) = kind.seeding { return below }
    return 0
  }

  /// The facts of contact `index` (1-based): each contact has its own random stream, so a contact
  /// is the same whatever the size of the account.
  static func contactFacts(index: Int, seed: UInt64, count: Int, urls: SeedURLs) -> ContactFacts {
    var random = SplitMix64(seed: seed, stream: 1, index: UInt64(index))
    let created = epoch + index * 1_800 + random.below(1_800)
    var facts = ContactFacts(
      id: index, uuid: random.uuid(), hashID: "h:" + hashID(&random), firstName: "", baseURL: urls.base,
      createdAt: created, updatedAt: created + random.below(86_400 * 400))
    let script = random.below(100)
    switch script {
    case ..<70:
      facts.firstName = random.pick(latinFirst)
      facts.lastName = random.chance(90) ? random.pick(latinLast) : nil
    case ..<82:
      facts.firstName = random.pick(cjkFirst)
      facts.lastName = random.pick(cjkLast)
    case ..<91:
      facts.firstName = random.pick(arabicFirst)
      facts.lastName = random.pick(arabicLast)
    default:
      facts.firstName = random.pick(hebrewFirst)
      facts.lastName = random.pick(hebrewLast)
    }
    if index == 1 {
      facts.firstName = "Sam"
      facts.lastName = "Rivera"
      facts.isMe = true
    }
    facts.nickname = random.chance(20) ? random.pick(nicknames) : nil
    facts.description = random.chance(15) ? random.pick(descriptions) : nil
    facts.gender = [("Man", "M"), ("Woman", "F"), ("Rather not say", "O")].randomElement(using: &random)
    if random.chance(10) { facts.gender = nil }
    facts.isStarred = random.chance(10)
    facts.isPartial = index > 1 && random.chance(5)
    facts.isActive = index == 1 || facts.isPartial || !random.chance(8)
    facts.isDead = index > 1 && random.chance(5)
    facts.avatarColor = random.pick(avatarColors)
    if random.chance(60) {
      let createdYear = UTCTime.civil(created).year
      if random.chance(5) {
        facts.birthdate = SpecialDate(
          date: UTCTime.seconds(year: random.pick([1972, 1984, 1996, 2000]), month: 2, day: 29))
      } else if random.chance(15) {
        // Monica stores an unknown year as the year the date was saved.
        facts.birthdate = SpecialDate(
          isYearUnknown: true,
          date: UTCTime.seconds(year: createdYear, month: 1 + random.below(12), day: 1 + random.below(28)))
      } else {
        // An age-based date is 1 January of its year (SpecialDate.php:137-141, createFromAge);
        // the month and day are drawn all the same, so that the rest of the seed stays put.
        let ageBased = random.chance(10)
        let (year, month, day) = (1940 + random.below(65), 1 + random.below(12), 1 + random.below(28))
        facts.birthdate = SpecialDate(
          isAgeBased: ageBased,
          date: UTCTime.seconds(year: year, month: ageBased ? 1 : month, day: ageBased ? 1 : day))
      }
    }
    if facts.isDead && random.chance(60) {
      facts.deceasedDate = SpecialDate(
        date: UTCTime.seconds(year: 2000 + random.below(20), month: 1 + random.below(12), day: 1 + random.below(28)))
    }
    if facts.isPartial { return facts }
    if random.chance(50) {
      facts.job = random.pick(jobs)
      facts.company = random.chance(70) ? random.pick(companies) : nil
    }
    if random.chance(30) {
      facts.lastCalled = created + 86_400 * (1 + random.below(300)) + 3_600 * random.below(24)
    }
    if random.chance(20) {
      facts.stayInTouchFrequency = random.pick([7, 14, 30, 90])
      facts.stayInTouchTrigger = created + 86_400 * 30
    }
    facts.foodPreferences = random.chance(15) ? random.pick(foods) : nil
    facts.howYouMet = random.chance(15) ? "At a friend's wedding" : nil
    let source = random.below(100)
    switch source {
    case ..<55:
      facts.avatarSource = RecordKind.AvatarSource.default.rawValue
      facts.avatarURL = .string("\(urls.files)/avatars/\(facts.uuid).jpg?\(created)")
    case ..<70:
      facts.avatarSource = RecordKind.AvatarSource.adorable.rawValue
      facts.avatarURL = .string(adorable(red: UInt8(random.below(256)), green: UInt8(random.below(256))))
    case ..<85:
      facts.avatarSource = RecordKind.AvatarSource.gravatar.rawValue
      facts.avatarURL = .string(GravatarOrigin.avatarURL(random.hex(32), base: urls.gravatar))
    default:
      if index <= contactsWithItems {
        facts.avatarSource = RecordKind.AvatarSource.photo.rawValue
        facts.avatarURL = .string("\(urls.files)/\(pendingPhotoName(seed: seed, index: index))")
      } else {
        facts.avatarSource = RecordKind.AvatarSource.default.rawValue
        facts.avatarURL = .string("")
      }
    }
    return facts
  }

  private static func adorable(red: UInt8, green: UInt8) -> String {
    TinyImage.dataURL(TinyImage.png(red: red, green: green, blue: 128, size: 4))
  }

  private static func pendingPhotoName(seed: UInt64, index: Int) -> String {
    var random = SplitMix64(seed: seed, stream: 3, index: UInt64(index))
    return "photos/\(random.hex(40)).png"
  }

  private static func hashID(_ random: inout SplitMix64) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890")
    return String((0..<8).map { _ in alphabet[random.below(alphabet.count)] })
  }

  private static func contactField(
    id: Int, content: String, type: Int, short: JSONValue, random: inout SplitMix64, at created: Int
  ) -> JSONValue {
    .object(
      ContactFieldResource.json(
        id: id, uuid: .string(random.uuid()), content: content, type: contactFieldType(type),
        labels: .array([]), contact: short, created: .string(UTCTime.timestamp(created)),
        updated: .string(UTCTime.timestamp(created))))
  }
}
