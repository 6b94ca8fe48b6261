// swift-tools-version: 6.1
import PackageDescription

// A team's own package on top of Parley: a connector for its bot's HTTP/JSON protocol, a plugin,
// the bot server the example talks to, and `bot-parley`, Parley's command line with both added.
// Parley comes by path here; a team's package names the repository's URL instead.
let package = Package(
    name: "custom-bot",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Parley", path: "../.."),
        // The same packages Parley itself uses, named as its Package.swift names them.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The `mybot` connector: the provider, its settings, the session over HTTP/JSON.
        .target(
            name: "MyBotConnector",
            dependencies: [
                .product(name: "Parley", package: "Parley"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The `slowest` plugin: each flow's slowest step, written to a JSON file.
        .target(name: "SlowestPlugin", dependencies: [.product(name: "Parley", package: "Parley")]),
        // `bot-parley`: `parley` with the connector and plugin above in its registry.
        .executableTarget(
            name: "bot-parley",
            dependencies: [
                "MyBotConnector", "SlowestPlugin",
                .product(name: "Parley", package: "Parley"),
                .product(name: "ParleyCommandLine", package: "Parley"),
            ]
        ),
        // The connector's pure half (answers, settings), tested on its own.
        .testTarget(name: "MyBotConnectorTests", dependencies: ["MyBotConnector", .product(name: "Parley", package: "Parley")]),
        // The bot itself: scripted answers over the protocol, for the example's flows.
        .executableTarget(
            name: "bot-server",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
package.swiftLanguageModes = [.v6]
