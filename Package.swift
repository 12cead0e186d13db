// swift-tools-version:6.2
import PackageDescription

/// One executable product per tool: binary = product = target folder = man page = completion.
let tools: [(name: String, dependencies: [Target.Dependency])] = [
  ("monica-sandbox", ["MonicaKit", "MonicaSandbox"]),
  ("monica-auth", ["MonicaKit", "MonicaAPI"]),
  ("monica-filter", ["MonicaKit"]),
  ("monica-page", ["MonicaKit"]),
  ("monica-format", ["MonicaKit"]),
  ("monica-fetch", ["MonicaKit", "MonicaAPI"]),
  ("monica-validate", ["MonicaKit"]),
  ("monica-push", ["MonicaKit", "MonicaAPI"]),
  ("monica-import", ["MonicaKit"]),
  ("monica-avatar", ["MonicaKit", "MonicaAPI"]),
  ("monica-photo", ["MonicaKit", "MonicaAPI"]),
  ("monica-diff", ["MonicaKit"]),
  ("monica-dedupe", ["MonicaKit"]),
  ("monica-merge", ["MonicaKit", "MonicaAPI"]),
  ("monica-remind", ["MonicaKit", "MonicaAPI"]),
  ("monica-mcp", ["MonicaKit", "MonicaAPI", "MonicaMCP"]),
  ("monica-sync", ["MonicaKit", "MonicaAPI"]),
]

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  // Root-package only: dependencies keep their own flags, our code stays warning-free.
  .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
  name: "monica",
  platforms: [.macOS(.v15)],
  products: tools.map { .executable(name: $0.name, targets: [$0.name]) },
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
    // Already in the graph through Hummingbird: its embedded channel lets the sandbox answer a
    // request without a socket (InMemorySandbox).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    // The Model Context Protocol for monica-mcp (issue 43): the official Swift SDK, pinned like
    // every dependency; only MonicaMCP links it.
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    // Already in the graph through Hummingbird and the MCP SDK: the SDK's Transport protocol
    // names swift-log's Logger (monica-mcp's DrainingTransport).
    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "MonicaKit",
      dependencies: [
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
      ],
      swiftSettings: strict),
    // The HTTP client and what uses it, apart from MonicaKit so that the stream tools do not
    // link FoundationNetworking and libcurl: about 9 MB of every process's resident memory.
    .target(name: "MonicaAPI", dependencies: ["MonicaKit"], swiftSettings: strict),
    // monica-mcp's tools over the same library calls the executables make; the only target that
    // links the MCP SDK.
    .target(
      name: "MonicaMCP",
      dependencies: [
        "MonicaKit", "MonicaAPI", .product(name: "MCP", package: "swift-sdk"),
        .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict),
    .target(
      name: "MonicaSandbox",
      dependencies: [
        "MonicaKit", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ],
      swiftSettings: strict),
    // What the test targets share, as swift-argument-parser's ArgumentParserTestHelpers: the
    // sandbox process, shell pipelines, fixtures, polling, the in-memory transport.
    .target(
      name: "MonicaTestSupport", dependencies: ["MonicaKit", "MonicaAPI", "MonicaSandbox"],
      path: "Tests/MonicaTestSupport", swiftSettings: strict),
    // Unit tests, one target per library.
    .testTarget(
      name: "MonicaKitTests", dependencies: ["MonicaKit", "MonicaAPI", "MonicaSandbox", "MonicaTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "MonicaAPITests", dependencies: ["MonicaKit", "MonicaAPI", "MonicaSandbox", "MonicaTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "MonicaMCPTests",
      dependencies: ["MonicaKit", "MonicaAPI", "MonicaMCP", "MonicaSandbox", "MonicaTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "MonicaSandboxTests", dependencies: ["MonicaKit", "MonicaSandbox", "MonicaTestSupport"],
      swiftSettings: strict),
    // The binaries the pipelines run are dependencies: building the tests builds every tool.
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["MonicaKit", "MonicaAPI", "MonicaTestSupport"] + tools.map { .target(name: $0.name) },
      exclude: ["Fixtures"], swiftSettings: strict),
    // Monica's own tests/Api, ported by Porter/port.py to scripts run against the in-process
    // sandbox; a few tests of the server process itself (its flags, HTTP) beside them.
    .testTarget(
      name: "ConformanceTests", dependencies: ["MonicaKit", "MonicaAPI", "MonicaSandbox", "MonicaTestSupport"],
      exclude: ["Porter", "Scripts"], swiftSettings: strict),
  ]
    + tools.map {
      .executableTarget(name: $0.name, dependencies: $0.dependencies, swiftSettings: strict)
    }
)

// `make fuzz` only: libFuzzer targets for every reader of outside bytes, built with
// -sanitize=fuzzer,address (libFuzzer supplies main, so they cannot be built otherwise).
if Context.environment["MONICA_FUZZ"] == "1" {
  package.targets += [
    .target(name: "FuzzerDriver", path: "Fuzz/FuzzerDriver"),
    .executableTarget(
      name: "MonicaFuzz", dependencies: ["MonicaKit", "MonicaAPI", "FuzzerDriver"], path: "Fuzz/MonicaFuzz",
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
  ]
  package.products.append(.executable(name: "monica-fuzz", targets: ["MonicaFuzz"]))
}
