import MonicaKit

/// An emotion as activities and calls embed it (app/Http/Resources/Emotion/Emotion.php:20-24).
enum EmotionResource {
  /// `{"id", "object": "emotion", "name"}`.
  static func json(id: Int, name: String) -> JSONValue {
    .object(JSONObject(["id": .int(id), "object": .string("emotion"), "name": .string(name)]))
  }
}
