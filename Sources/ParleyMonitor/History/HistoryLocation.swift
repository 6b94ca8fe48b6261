import Foundation
import ParleyModel

/// Where the history database of a project lives: `monitor: history: path:` relative to
/// parley.yaml's folder, else `.parley/history.sqlite` beside parley.yaml.
public enum HistoryLocation {
    /// The path used when `history: path:` is not written, relative to parley.yaml's folder.
    public static let defaultPath = ".parley/history.sqlite"

    /// The database path for `history` of the parley.yaml at `projectFile`; with no parley.yaml,
    /// the default path under `folder`.
    public static func path(for history: HistoryConfig?, projectFile: String?, folder: String = FileManager.default.currentDirectoryPath)
        -> String
    {
        let base = projectFile.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? URL(fileURLWithPath: folder, isDirectory: true)
        let written = history?.path?.value ?? defaultPath
        if written.hasPrefix("/") { return URL(fileURLWithPath: written).standardizedFileURL.path }
        return base.appendingPathComponent(written).standardizedFileURL.path
    }
}
