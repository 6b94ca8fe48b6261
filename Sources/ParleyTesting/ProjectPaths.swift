import Foundation

/// Where things are when tests run: the package root and the products `swift build` made.
public enum ProjectPaths {
    /// The package root (the folder holding Package.swift), found from this source file.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The examples folder.
    public static var flows: URL { root.appendingPathComponent("Flows") }

    /// The built executable `name`, which SwiftPM puts beside the test bundle.
    public static func product(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the runner is inside ParleyPackageTests.xctest/Contents/MacOS.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent(name)
    }

    /// The virtualenv the test command makes for Python peers (jsonschema and, later, agent servers).
    public static var python: URL {
        let override = ProcessInfo.processInfo.environment["PARLEY_TEST_PYTHON"]
        return override.map(URL.init(fileURLWithPath:)) ?? root.appendingPathComponent(".venv/bin/python3")
    }

    /// The virtualenv with the embedding model (scripts/requirements-models*.txt), kept apart from
    /// `.venv`: its numpy and tokenizers would otherwise share a resolver with the agent servers' pins.
    public static var modelsPython: URL {
        let override = ProcessInfo.processInfo.environment["PARLEY_TEST_MODELS_PYTHON"]
        return override.map(URL.init(fileURLWithPath:)) ?? root.appendingPathComponent(".venv-models/bin/python3")
    }

    /// A fresh temporary folder.
    public static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
