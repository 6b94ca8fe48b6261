import Crypto
import Foundation
import ParleyCore
import ParleyModel

/// Answers kept on disk, one file per (endpoint, model, input): a run asks a model only what no
/// earlier run asked, so a suite re-run is reproducible and costs nothing. Failures are never kept.
public struct ModelCache: Sendable {
    /// The folder the files are in (made when the first answer is kept).
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The file for one input: a hash, so any text (and any secret in it) makes a safe name that
    /// shows nothing.
    func file(kind: String, settings: ModelSettings, input: String) -> URL {
        let key = ["parley-models-1", kind, settings.url, settings.model, input].joined(separator: "\u{0}")
        let digest = SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
        return folder.appendingPathComponent(String(digest.prefix(2))).appendingPathComponent("\(digest).json")
    }

    func read(kind: String, settings: ModelSettings, input: String) -> JSONValue? {
        guard let data = try? Data(contentsOf: file(kind: kind, settings: settings, input: input)) else { return nil }
        return try? JSONValue(parsing: data)
    }

    /// Keeps an answer; a cache that cannot be written only costs the next run a request.
    func write(_ value: JSONValue, kind: String, settings: ModelSettings, input: String) {
        let url = file(kind: kind, settings: settings, input: input)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(value.serialized().utf8).write(to: url, options: .atomic)
    }
}
