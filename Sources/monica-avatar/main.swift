import ArgumentParser
import MonicaAPI
import MonicaKit

struct MonicaAvatar: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-avatar",
    abstract: "Save every contact's avatar to a folder, or set a contact's avatar source.",
    discussion: Help.avatar,
    version: toolsetVersion,
    subcommands: [Save.self, Set.self],
    defaultSubcommand: Save.self)
}

extension MonicaAvatar {
  struct Save: AsyncParsableCommand, MonicaTool {
    static let configuration = CommandConfiguration(
      abstract: "Write each input contact's avatar as DIR/<id>.<ext>; one result line per contact.",
      discussion: """
        EXAMPLES
          monica-fetch contacts | monica-avatar save --dir faces
          monica-fetch contacts --tag family | monica-avatar --dir faces --refresh
        """)

    @OptionGroup var input: InputOptions
    @Option(
      help: ArgumentHelp("The folder to write the images in (created if missing).", valueName: "DIR"),
      completion: .directory)
    var dir: String
    @Flag(help: "Revalidate every cached image and read the photos again.") var refresh = false
    @Flag(help: "Exit non-zero when any source failed and the initials stood in.") var strict = false
    @Option(help: ArgumentHelp("Downloads under way at once.", valueName: "N")) var jobs = 8
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var unlock: PassphraseOptions

    func validate() throws {
      guard (1...64).contains(jobs) else { throw ValidationError("--jobs \(jobs): expected 1 to 64") }
      guard !dir.isEmpty else { throw ValidationError("--dir: expected a folder") }
    }

    func run() async throws {
      try await reportingFailures {
        var options = AvatarSaveOptions()
        (options.directory, options.refresh, options.strict, options.jobs) = (dir, refresh, strict, jobs)
        var saver = AvatarSaver(
          options: options, connection: connection.connection(environment, tool: Self.toolName, unlock: unlock))
        saver.tool = Self.toolName
        try await saver.run(sources: input.sources, output: .standardOutput())
      }
    }
  }

  struct Set: AsyncParsableCommand, MonicaTool {
    static let configuration = CommandConfiguration(
      abstract: "Set a contact's avatar source (PUT /api/contacts/ID/avatar); print the contact.",
      discussion: """
        EXAMPLES
          monica-avatar set --contact 12 --source adorable
          monica-photo upload --contact 4 face.png | jq -r .id \\
            | xargs -I{} monica-avatar set --contact 4 --source photo --photo {}
        """)

    @Option(help: ArgumentHelp("The contact's id.", valueName: "ID")) var contact: Int
    @Option(
      help: ArgumentHelp("\(AvatarSetter.sources.joined(separator: ", ")).", valueName: "SOURCE"),
      completion: .list(AvatarSetter.sources))
    var source: String
    @Option(help: ArgumentHelp("The photo to show (with --source photo).", valueName: "ID")) var photo: Int?
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var unlock: PassphraseOptions

    func validate() throws {
      guard AvatarSetter.sources.contains(source) else {
        throw ValidationError("--source \(source): expected \(AvatarSetter.sources.joined(separator: ", "))")
      }
      let fromPhoto = source == RecordKind.AvatarSource.photo.rawValue
      if fromPhoto && photo == nil { throw ValidationError("--source photo needs --photo ID") }
      if !fromPhoto && photo != nil { throw ValidationError("--photo goes with --source photo") }
      guard contact > 0 else { throw ValidationError("--contact \(contact): expected a contact id") }
    }

    func run() async throws {
      try await reportingFailures {
        let setter = AvatarSetter(
          contactID: contact, source: source, photoID: photo,
          connection: connection.connection(environment, tool: Self.toolName, unlock: unlock))
        try await setter.run(output: .standardOutput())
      }
    }
  }
}

await MonicaAvatar.launch()
