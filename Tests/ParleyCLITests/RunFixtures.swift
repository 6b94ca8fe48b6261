import Foundation
import ParleyTesting

/// Copies of the run fixtures and the examples in a temporary folder, so runs write their reports
/// there and never into the repository.
enum RunFixtures {
    static let fixtures = ProjectPaths.root.appendingPathComponent("Tests/ParleyCLITests/Fixtures")

    /// A fresh copy of `Fixtures/` (or of `Flows/` when `examples`); the caller removes it.
    static func copy(examples: Bool = false) throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        let source = examples ? ProjectPaths.flows : fixtures
        let copy = folder.appendingPathComponent(examples ? "Flows" : "Fixtures")
        try FileManager.default.copyItem(at: source, to: copy)
        // Reports of a local run are not part of the examples.
        for reports in ["reports", "failing/reports", "interrupt/reports", "webhook/reports"] {
            try? FileManager.default.removeItem(at: copy.appendingPathComponent(reports))
        }
        return folder
    }

    /// A fresh copy of `Fixtures/shards/` as `Flows/` in a temporary folder; the caller removes it.
    /// Its flows answer in milliseconds, so the tests of what parley does with many flows (tags,
    /// shards, repeats, merges, the CI files' jobs) run them where the examples would take ~15 s a
    /// run. Named `Flows` as the CI files name the examples' folder, so their commands run as written.
    static func fastFlows() throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("shards"), to: folder.appendingPathComponent("Flows"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("Flows/reports"))
        return folder
    }

    /// Every file's text under `folder`, by relative path.
    static func texts(under folder: URL) -> [String: String] {
        var texts: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
            let url = folder.appendingPathComponent(path)
            if let text = try? String(contentsOf: url, encoding: .utf8) { texts[path] = text }
        }
        return texts
    }

    /// Returns once `file` exists (a run has reached the point that makes it); throws after `limit`.
    static func waitFor(_ file: URL, limit: Duration = .seconds(30)) async throws {
        let start = ContinuousClock.now
        while !FileManager.default.fileExists(atPath: file.path) {
            guard ContinuousClock.now - start < limit else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: file.path]) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The lines of `text` that start with `prefix`.
    static func lines(_ text: String, startingWith prefix: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }
}
