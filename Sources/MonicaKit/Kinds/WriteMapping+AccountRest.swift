/// The write tables of the account's remaining kinds that `monica-push --create` makes on another
/// instance (issue 13): journal entries, places, companies, occupations, and the named reference
/// data (genders, activity types and their categories) a target may lack. Read from their
/// services and controllers at v4.1.2; none of them is written by a plain `monica-push` line
/// differently from a create.
extension WriteMapping {
  /// Journal entries: `ApiJournalController::store` makes the entry from the whole request,
  /// validated as a required `title` (at most 255) and `post` (ApiJournalController.php:57-74,
  /// 113-119); only `title` and `post` are fillable (app/Models/Journal/Entry.php:34-38), so the
  /// record's `date` cannot be sent (an entry made through the API shows its creation time,
  /// Entry.php:56-60).
  static let entry = WriteMapping(
    services: "app/Http/Controllers/Api/ApiJournalController.php", fields: [.same("title"), .same("post")])

  /// Places: `CreatePlace` (app/Services/Account/Place/CreatePlace.php:16-27,40-49) takes the
  /// parts of the address and the country as its ISO code (`max:3`), as an address does.
  static let place = WriteMapping(
    services: "app/Services/Account/Place/CreatePlace.php, UpdatePlace.php",
    fields: [
      .same("street"), .same("city"), .same("province"), .same("postal_code"),
      WriteField("country", .value(FieldPath(dotted: "country.id"))), .same("latitude"), .same("longitude"),
    ])

  /// Companies: `CreateCompany` (app/Services/Account/Company/CreateCompany.php:19-28,42-47) takes a
  /// name, a website and a number of employees; the controller adds the author
  /// (ApiCompanyController.php:64-71).
  static let company = WriteMapping(
    services: "app/Services/Account/Company/CreateCompany.php, UpdateCompany.php",
    fields: [.same("name"), .same("website"), .same("number_of_employees")])

  /// Occupations: `CreateOccupation` (app/Services/Contact/Occupation/CreateOccupation.php:17-34)
  /// requires the contact, the company and a title; the dates are `Y-m-d`, as the record prints
  /// them (DateHelper::getDate, app/Http/Resources/Occupation/Occupation.php:28-29).
  static let occupation = WriteMapping(
    services: "app/Services/Contact/Occupation/CreateOccupation.php, UpdateOccupation.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)),
      WriteField("company_id", .value(FieldPath(dotted: "company.id"))), .same("title"), .same("description"),
      .same("salary"), .same("salary_unit"), .same("currently_works_here"), .same("start_date"), .same("end_date"),
    ])

  /// Genders: `CreateGender` (app/Services/Account/Gender/CreateGender.php:16-26) takes a name and a
  /// type, `M`, `F` or `O`.
  static let gender = WriteMapping(
    services: "app/Services/Account/Gender/CreateGender.php, UpdateGender.php",
    fields: [.same("name"), .same("type")])

  /// Activity type categories: `CreateActivityTypeCategory` (app/Services/Account/Activity/
  /// ActivityTypeCategory/CreateActivityTypeCategory.php:15-22) takes a name.
  static let activityTypeCategory = WriteMapping(
    services: "app/Services/Account/Activity/ActivityTypeCategory/CreateActivityTypeCategory.php",
    fields: [.same("name")])

  /// Activity types: `CreateActivityType` (app/Services/Account/Activity/ActivityType/
  /// CreateActivityType.php:16-24) takes a name and one of the account's categories; it has no
  /// `location_type`, which the record prints (app/Http/Resources/Activity/ActivityType.php).
  static let activityType = WriteMapping(
    services: "app/Services/Account/Activity/ActivityType/CreateActivityType.php",
    fields: [.same("name"), WriteField("activity_type_category_id", .value(FieldPath.activityTypeCategoryID))])
}

extension FieldPath {
  static let labels = FieldPath(dotted: "labels")
  static let activityTypeCategoryID = FieldPath(dotted: "activity_type_category.id")
}
