// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Parley",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "parley", targets: ["parley"]),
        .library(name: "ParleyModel", targets: ["ParleyModel"]),
        .library(name: "ParleyParser", targets: ["ParleyParser"]),
        .library(name: "ParleyCore", targets: ["ParleyCore"]),
        .library(name: "ParleyTesting", targets: ["ParleyTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "ParleyModel"),
        .target(
            name: "ParleyParser",
            dependencies: [
                "ParleyModel",
                .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ]
        ),
        .target(name: "ParleyCore", dependencies: ["ParleyModel", .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParleyTesting", dependencies: ["ParleyModel", "ParleyParser"]),
        .executableTarget(
            name: "parley",
            dependencies: [
                "ParleyModel",
                "ParleyParser",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ParleyModelTests", dependencies: ["ParleyModel"]),
        .testTarget(name: "ParleyCoreTests", dependencies: ["ParleyCore", "ParleyParser"]),
        .testTarget(
            name: "ParleyParserTests",
            dependencies: ["ParleyParser", "ParleyTesting"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "ParleyCLITests", dependencies: ["ParleyTesting"]),
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
