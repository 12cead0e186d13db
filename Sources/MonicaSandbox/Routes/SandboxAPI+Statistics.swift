import MonicaKit

extension SandboxAPI {
  /// `GET /api/statistics` (routes/api.php:5, outside the token's group; ApiStatisticsController.php:
  /// 25-67): Monica's 404 unless the instance allows public statistics
  /// (`monica.allow_statistics_through_public_api_access`, false by default); otherwise a list of
  /// one object, the counts of the daily `monica:calculatestatistics` (CalculateStatistics.php:
  /// 40-56) as they stand, no new user last week.
  func statistics() -> APIResponse {
    guard settings.allowsPublicStatistics else { return .notFound }
    return store.withState { state in
      .json(
        200,
        .array([
          .object(
            JSONObject([
              "instance_creation_date": .string("2020-01-01T00:00:00Z"),
              "number_of_contacts": .int(state.contents[.contact].records.count),
              "number_of_users": .int(1),
              "number_of_activities": .int(state.contents[.activity].records.count),
              "number_of_reminders": .int(state.contents[.reminder].records.count),
              "number_of_new_users_last_week": .int(0),
            ]))
        ]))
    }
  }
}
