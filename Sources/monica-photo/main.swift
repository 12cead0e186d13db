import ArgumentParser
import MonicaAPI
import MonicaKit

struct MonicaPhoto: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-photo",
    abstract: "Save photos to a folder, upload images as a contact's photos, or delete photos.",
    discussion: Help.photo,
    version: toolsetVersion,
    subcommands: [Save.self, Upload.self, Delete.self])
}

extension MonicaPhoto {
  struct Save: AsyncParsableCommand, MonicaTool {
    static let configuration = CommandConfiguration(
      abstract: "Write each photo record's image as DIR/<id>-<original_filename>; one result line each.",
      discussion: """
        EXAMPLES
          monica-fetch photos --contact 4 | monica-photo save --dir photos
        """)

    @OptionGroup var input: InputOptions
    @Option(
      help: ArgumentHelp("The folder to write the images in (created if missing).", valueName: "DIR"),
      completion: .directory)
    var dir: String

    func run() async throws {
      try reportingFailures { try PhotoSaver(directory: dir).run(sources: input.sources, output: .standardOutput()) }
    }
  }

  struct Upload: AsyncParsableCommand, MonicaTool {
    static let configuration = CommandConfiguration(
      abstract: "Upload images as a contact's photos (POST /api/photos); print the created records.",
      discussion: """
        EXAMPLES
          monica-photo upload --contact 4 face.png holiday.png
        """)

    @Option(help: ArgumentHelp("The contact the photos belong to.", valueName: "ID")) var contact: Int
    @Argument(
      help: ArgumentHelp(
        "Images to upload (PNG, JPEG, GIF, WebP or SVG, what Monica takes; at most 10 MB).", valueName: "FILE"),
      completion: .file())
    var files: [String]
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var unlock: PassphraseOptions

    func validate() throws {
      guard !files.isEmpty else { throw ValidationError("expected at least one FILE to upload") }
    }

    func run() async throws {
      try await reportingFailures {
        let uploader = PhotoUploader(
          contactID: contact, files: files,
          connection: connection.connection(environment, tool: Self.toolName, unlock: unlock))
        try await uploader.run(output: .standardOutput())
      }
    }
  }

  struct Delete: AsyncParsableCommand, MonicaTool {
    static let configuration = CommandConfiguration(
      abstract: "Delete photos by id, or the photo records on stdin; asks first unless --yes.",
      discussion: """
        EXAMPLES
          monica-photo delete 31 32 --yes
          monica-fetch photos --contact 4 | monica-photo delete --yes
        """)

    @Argument(help: ArgumentHelp("Photo ids; none: photo records from stdin.", valueName: "ID")) var ids: [Int] = []
    @Flag(name: .shortAndLong, help: "Delete without asking on the terminal.") var yes = false
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var unlock: PassphraseOptions

    func run() async throws {
      try await reportingFailures {
        var deleter = PhotoDeleter(
          ids: ids, sources: [.standardInput], yes: yes,
          connection: connection.connection(environment, tool: Self.toolName, unlock: unlock))
        deleter.tool = Self.toolName
        if !yes && TerminalQuestion.isAvailable { deleter.confirm = TerminalQuestion.confirm }
        try await deleter.run(output: .standardOutput())
      }
    }
  }
}

await MonicaPhoto.launch()
