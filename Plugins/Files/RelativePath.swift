import Foundation

/// A file's path as seen from a folder, as reports name their transcripts.
enum RelativePath {
    /// `file`'s path from `folder` (`transcripts/a.jsonl`, `../shard-1/transcripts/a.jsonl`); the
    /// absolute path when the two share nothing but `/`.
    static func of(_ file: URL, from folder: URL) -> String {
        let target = file.standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(target.count, base.count), target[shared] == base[shared] { shared += 1 }
        guard shared > 1 || base.count <= 1 else { return file.standardizedFileURL.path }
        let ups = Array(repeating: "..", count: base.count - shared)
        return (ups + target[shared...]).joined(separator: "/")
    }
}
