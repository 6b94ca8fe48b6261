import Foundation
import ParleyCore
import ParleyFiles
import ParleyTesting

/// Runs events and a summary through a `FilesPlugin` writing into a fresh temporary folder, which
/// goes away with the last reference to it.
final class ReportRun: Sendable {
    /// The base directory the plugin was given (`dir` is `reports` inside it).
    let base: URL
    let plugin: FilesPlugin

    init(_ options: FilesPlugin.Options = .init(junit: "junit.xml", json: "report.json", transcripts: true)) throws {
        base = try ProjectPaths.temporaryFolder()
        plugin = FilesPlugin(options: options, baseDirectory: base)
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    /// Feeds everything, then finishes.
    @discardableResult
    func run(events: [PluginEvent] = SampleRun.events(), summary: RunSummary = SampleRun.summary()) async throws -> ReportRun {
        for event in events { try await plugin.handle(event) }
        try await plugin.finish(summary)
        return self
    }

    /// The text of a file under the report folder.
    func text(_ path: String) throws -> String {
        try String(contentsOf: plugin.folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The files under the report folder, relative and sorted, hidden ones included.
    func files() -> [String] {
        let folder = plugin.folder.path
        let all = FileManager.default.subpaths(atPath: folder) ?? []
        return all.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// A JSON text parsed into Foundation values.
    static func parse(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        guard let object = value as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
        return object
    }
}
