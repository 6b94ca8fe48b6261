// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Parley",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "parley", targets: ["ParleyMain"]),
        // What a program that runs flows imports: the runner, its registry, events and results.
        .library(name: "Parley", targets: ["Parley"]),
        .library(name: "ParleyRunner", targets: ["ParleyRunner"]),
        .library(name: "ParleyCommandLine", targets: ["ParleyCommandLine"]),
        .library(name: "ParleyModel", targets: ["ParleyModel"]),
        .library(name: "ParleyParser", targets: ["ParleyParser"]),
        .library(name: "ParleyCore", targets: ["ParleyCore"]),
        .library(name: "ParleySimulator", targets: ["ParleySimulator"]),
        .library(name: "ParleyLog", targets: ["ParleyLog"]),
        .library(name: "ParleyFiles", targets: ["ParleyFiles"]),
        .library(name: "ParleyWebhook", targets: ["ParleyWebhook"]),
        .library(name: "ParleyExec", targets: ["ParleyExec"]),
        .library(name: "ParleyMetrics", targets: ["ParleyMetrics"]),
        .library(name: "ParleyTesting", targets: ["ParleyTesting"]),
        .library(name: "ParleyAGUI", targets: ["ParleyAGUI"]),
        .library(name: "ParleyServer", targets: ["ParleyServer"]),
        .library(name: "ParleyPolyAI", targets: ["ParleyPolyAI"]),
        .library(name: "ParleyCometChat", targets: ["ParleyCometChat"]),
        .library(name: "ParleyHTTP", targets: ["ParleyHTTP"]),
        .library(name: "ParleyMonitor", targets: ["ParleyMonitor"]),
        .library(name: "ParleyMeaning", targets: ["ParleyMeaning"]),
        .library(name: "ParleyLoad", targets: ["ParleyLoad"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // Already in the graph through AsyncHTTPClient and Hummingbird; PolyAI's socket is built on them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // Already in the graph through SwiftNIO; ParleyCore's queues use its Deque.
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .target(name: "ParleyModel"),
        .target(
            name: "ParleyParser",
            dependencies: [
                "ParleyModel",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "ParleyCore",
            dependencies: [
                "ParleyModel",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(name: "ParleySimulator", dependencies: ["ParleyModel", "ParleyParser", "ParleyCore"]),
        // Built-in plugins: ordinary libraries under Plugins/ (SwiftPM's default for that folder is
        // package plugins, hence the explicit paths). Each depends on ParleyCore and its own I/O.
        .target(
            name: "ParleyLog",
            dependencies: ["ParleyModel", "ParleyCore", .product(name: "Logging", package: "swift-log")],
            path: "Plugins/Log"
        ),
        .target(name: "ParleyFiles", dependencies: ["ParleyModel", "ParleyCore"], path: "Plugins/Files"),
        .target(
            name: "ParleyWebhook",
            dependencies: [
                "ParleyModel",
                "ParleyCore",
                "ParleyHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            path: "Plugins/Webhook"
        ),
        // Any program as a plugin: the run's events as JSON lines on its standard input.
        .target(
            name: "ParleyExec",
            dependencies: ["ParleyModel", "ParleyCore", .product(name: "Logging", package: "swift-log")],
            path: "Plugins/Exec"
        ),
        // Prometheus metrics of a one-shot run: a node_exporter textfile and/or a Pushgateway push,
        // from a per-run PrometheusCollectorRegistry (no process-global MetricsSystem).
        .target(
            name: "ParleyMetrics",
            dependencies: [
                "ParleyModel",
                "ParleyCore",
                "ParleyHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            path: "Plugins/Metrics"
        ),
        // Test support: fixtures and helpers, and `FlowSuite` (flows run from XCTest or Swift Testing).
        .target(
            name: "ParleyTesting",
            dependencies: [
                "ParleyModel", "ParleyParser", "ParleyCore", "ParleyRunner", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The HTTP client a run shares among its connectors and plugins, made by the composition root.
        .target(name: "ParleyHTTP", dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")]),
        // `similar` and `judge`: OpenAI-compatible embeddings and chat-completions endpoints, with a disk cache.
        .target(
            name: "ParleyMeaning",
            dependencies: [
                "ParleyModel", "ParleyCore", "ParleyHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // AG-UI connector: HTTP POST + SSE over AsyncHTTPClient (its delegate API: the answer is read on
        // the event loop); the wire pieces are pure.
        .target(
            name: "ParleyAGUI",
            dependencies: [
                "ParleyModel", "ParleyCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // PolyAI messaging connector: REST handshake over AsyncHTTPClient, the socket on SwiftNIO's
        // WebSocket upgrader and codec (`PolySocket`: its upgrade can be cancelled, and it writes
        // without an async frame; URLSessionWebSocketTask fails on Debian, PLATFORM.md).
        .target(
            name: "ParleyPolyAI",
            dependencies: [
                "ParleyModel", "ParleyCore", "ParleyWebSocket",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // CometChat connector: REST over AsyncHTTPClient, the realtime socket over
        // HummingbirdWSClient behind a pluggable transport (the handshake is not public).
        // What the WebSocket connectors share: how a declined upgrade was answered.
        .target(
            name: "ParleyWebSocket",
            dependencies: ["ParleyModel", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .target(
            name: "ParleyCometChat",
            dependencies: [
                "ParleyModel", "ParleyCore", "ParleyWebSocket",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The simulator over the real wire protocols, for `parley serve` and loopback tests.
        .target(
            name: "ParleyServer",
            dependencies: [
                "ParleyModel", "ParleyCore", "ParleySimulator", "ParleyAGUI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // Turns parley.yaml and flows into a run: planning, the registry of connectors and plugins.
        .target(
            name: "ParleyRunner",
            dependencies: [
                "ParleyModel", "ParleyParser", "ParleyCore", "ParleySimulator", "ParleyLog", "ParleyFiles", "ParleyWebhook", "ParleyExec",
                "ParleyMetrics", "ParleyAGUI", "ParleyPolyAI", "ParleyCometChat", "ParleyServer", "ParleyHTTP", "ParleyMeaning",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `parley monitor`: checks on a schedule, /metrics and a status page, history in SQLite, alerts.
        .target(
            name: "ParleyMonitor",
            dependencies: [
                "ParleyModel", "ParleyCore", "ParleyRunner", "ParleyWebhook", "ParleyMetrics", "ParleyHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `parley load`: virtual users running flows, their schedule, and the figures in HdrHistograms.
        .target(
            name: "ParleyLoad",
            dependencies: ["ParleyModel", "ParleyCore", .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        .target(name: "Parley", dependencies: ["ParleyModel", "ParleyParser", "ParleyCore", "ParleyRunner"]),
        // The command line over a registry: `parley`, or a team's own command with its providers.
        .target(
            name: "ParleyCommandLine",
            dependencies: [
                "ParleyModel", "ParleyParser", "ParleyCore", "ParleyRunner", "ParleySimulator", "ParleyLog", "ParleyServer", "ParleyExec",
                "ParleyMonitor", "ParleyHTTP", "ParleyWebhook", "ParleyFiles", "ParleyLoad",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "ParleyMain", dependencies: ["ParleyCommandLine", "ParleyRunner"], path: "Sources/parley"),
        // Figures for BENCHMARKS.md: `swift build -c release && .build/release/parley-benchmarks`.
        .executableTarget(
            name: "parley-benchmarks",
            dependencies: [
                "ParleyModel", "ParleyCore", "ParleyParser", "ParleySimulator", "ParleyAGUI", "ParleyPolyAI", "ParleyTesting", "ParleyHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/ParleyBenchmarks"
        ),
        .testTarget(name: "ParleyModelTests", dependencies: ["ParleyModel", "ParleyTesting"]),
        .testTarget(name: "ParleyMeaningTests", dependencies: ["ParleyMeaning", "ParleyCore", "ParleyTesting"]),
        .testTarget(name: "ParleyLoadTests", dependencies: ["ParleyLoad", "ParleyTesting", "ParleySimulator", "ParleyParser"]),
        .testTarget(
            name: "ParleyMonitorTests",
            dependencies: [
                "ParleyMonitor", "ParleyTesting", "ParleyHTTP", "ParleyWebhook", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ParleyRunnerTests",
            dependencies: ["Parley", "ParleyTesting", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .testTarget(name: "ParleyCoreTests", dependencies: ["ParleyCore", "ParleyParser", "ParleyTesting"]),
        .testTarget(name: "ParleySimulatorTests", dependencies: ["ParleySimulator", "ParleyTesting"]),
        .testTarget(name: "ParleyLogTests", dependencies: ["ParleyLog", "ParleyTesting"]),
        .testTarget(name: "ParleyFilesTests", dependencies: ["ParleyFiles", "ParleyTesting"]),
        .testTarget(
            name: "ParleyWebhookTests",
            dependencies: [
                "ParleyWebhook", "ParleyHTTP", "ParleyTesting", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "ParleyMetricsTests",
            dependencies: ["ParleyMetrics", "ParleyTesting", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .testTarget(
            name: "ParleyExecTests",
            dependencies: ["ParleyExec", "ParleyTesting", .product(name: "Logging", package: "swift-log")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ParleyParserTests",
            dependencies: ["ParleyParser", "ParleyTesting"],
            exclude: ["Fixtures"]
        ),
        // ParleyMonitor: the history command's tests seed a history file through the real store.
        .testTarget(name: "ParleyCLITests", dependencies: ["ParleyTesting", "ParleyMonitor"], exclude: ["Fixtures"]),
        .testTarget(name: "ParleyTestingTests", dependencies: ["ParleyTesting", "Parley"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ParleyAGUITests",
            dependencies: [
                "ParleyAGUI", "ParleySimulator", "ParleyTesting", "ParleyServer", "ParleyRunner", "ParleyParser", "ParleyHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ParleyPolyAITests",
            dependencies: [
                "ParleyPolyAI", "ParleyServer", "ParleySimulator", "ParleyTesting", "ParleyRunner", "ParleyParser", "ParleyHTTP",
                .product(name: "Logging", package: "swift-log"),
                // A wss peer for the socket's TLS (TLSEchoServer).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            // The wss peer's test-only certificate, read from the source tree.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ParleyCometChatTests",
            dependencies: [
                "ParleyCometChat", "ParleyServer", "ParleySimulator", "ParleyTesting", "ParleyHTTP",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ParleyServerTests",
            dependencies: [
                "ParleyServer", "ParleyTesting", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ]
        ),
    ]
)

// One place for the language mode and upcoming features of every target (STYLE baseline).
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
package.swiftLanguageModes = [.v6]
