extension MigrationLosses {
  /// What every life event loses: the LifeEvent resource prints neither whether the month or the
  /// day of its date was unknown nor its reminder (app/Http/Resources/LifeEvent/LifeEvent.php:
  /// 21-37; the columns are at app/Models/Contact/LifeEvent.php:34-37), so the copy's date is
  /// taken as known, and the reminder, carried as a reminder of its own, is not linked to it.
  static let lifeEventLosses = [
    "whether the month or day of life events was unknown (the API does not print it, LifeEvent.php:21-37)",
    "the link of life events to their reminder (the API does not print reminder_id, LifeEvent.php:21-37)",
  ]
}
