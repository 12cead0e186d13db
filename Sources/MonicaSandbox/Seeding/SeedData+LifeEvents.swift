import Foundation
import MonicaKit

/// The account's life event categories and types, as `PopulateLifeEventsTable` gives a new account
/// (app/Services/Auth/Population/PopulateLifeEventsTable.php:83-99): each default category, then
/// its types, in the order of database/migrations/2018_08_31_020908_create_life_events_table.php
/// (keys renamed by the 2018_10_04 vehicle and 2018_10_19 tattoo migrations), so ids run
/// 1, 2, 3... in that order; English names from resources/lang/en/settings.php:475-524.
///
/// Monica has no API route for them (routes/api.php lists none; only the web's
/// /lifeevents/categories, routes/web.php:85-86): a life event embeds its type and category.
extension SeedData {
  /// The default categories: key and English name.
  static let lifeEventCategories: [(key: String, name: String)] = [
    ("work_education", "Work & education"), ("family_relationships", "Family & relationships"),
    ("home_living", "Home & living"), ("health_wellness", "Health & wellness"),
    ("travel_experiences", "Travel & experiences"),
  ]

  /// The default types: key, English name and category (an index of `lifeEventCategories`).
  static let lifeEventTypes: [(key: String, name: String, category: Int)] = [
    ("new_job", "New job", 0), ("retirement", "Retirement", 0), ("new_school", "New school", 0),
    ("study_abroad", "Study abroad", 0), ("volunteer_work", "Volunteer work", 0),
    ("published_book_or_paper", "Published a book or paper", 0), ("military_service", "Military service", 0),
    ("new_relationship", "New relationship", 1), ("engagement", "Engagement", 1), ("marriage", "Marriage", 1),
    ("anniversary", "Anniversary", 1), ("expecting_a_baby", "Expecting a baby", 1), ("new_child", "New child", 1),
    ("new_family_member", "New family member", 1), ("new_pet", "New pet", 1),
    ("end_of_relationship", "End of relationship", 1), ("loss_of_a_loved_one", "Loss of a loved one", 1),
    ("moved", "Moved", 2), ("bought_a_home", "Bought a home", 2), ("home_improvement", "Home improvement", 2),
    ("holidays", "Holidays", 2), ("new_vehicle", "New vehicle", 2), ("new_roommate", "New roommate", 2),
    ("overcame_an_illness", "Overcame an illness", 3), ("quit_a_habit", "Quit a habit", 3),
    ("new_eating_habits", "New eating habits", 3), ("weight_loss", "Weight loss", 3),
    ("wear_glass_or_contact", "Started wearing glasses or contacts", 3), ("broken_bone", "Broke a bone", 3),
    ("removed_braces", "Had braces removed", 3), ("surgery", "Had surgery", 3),
    ("dentist", "Had dental treatment", 3), ("new_sport", "Started playing a new sport", 4),
    ("new_hobby", "Took up a new hobby", 4), ("new_instrument", "Started learning a new instrument", 4),
    ("new_language", "Started learning a new language", 4), ("tattoo_or_piercing", "Tattoo or piercing", 4),
    ("new_license", "New license", 4), ("travel", "Travel", 4), ("achievement_or_award", "Achievement or award", 4),
    ("changed_beliefs", "Changed beliefs", 4), ("first_word", "First word", 4), ("first_kiss", "First kiss", 4),
  ]

  /// The life event type of id `id` (1-based), as LifeEventTypeResource prints it with its
  /// category (app/Http/Resources/LifeEvent/LifeEventType.php, LifeEventCategory.php); `nil`
  /// when the account has none of that id.
  static func lifeEventType(_ id: Int) -> JSONObject? {
    guard lifeEventTypes.indices.contains(id - 1) else { return nil }
    let type = lifeEventTypes[id - 1]
    let category = lifeEventCategories[type.category]
    let categoryRecord = LifeEventTypeResource.category(
      id: type.category + 1, name: category.name, key: category.key, created: setUp)
    return LifeEventTypeResource.json(id: id, name: type.name, key: type.key, category: categoryRecord, created: setUp)
  }

  /// The id of the type whose key is `key`.
  static func lifeEventTypeID(key: String) -> Int {
    1 + (lifeEventTypes.firstIndex { $0.key == key } ?? 0)
  }
}
