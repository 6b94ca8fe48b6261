import Foundation

/// What `parley run --watch` compares a file by between two looks: its modification time and
/// size, or that it is not there. Polling these is portable (no inotify or FSEvents) and cheap for
/// the few dozen files a project reads.
public enum FileStamp: Hashable, Sendable {
    /// No file at that path (deleted, or not created yet).
    case missing
    /// The file's modification time, in nanoseconds since 1970, and its size in bytes.
    case present(modified: Int64, size: Int64)

    /// The stamp of the file at `path` now.
    public static func read(_ path: String) -> FileStamp {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return .present(modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec), size: Int64(info.st_size))
    }

    /// The stamps of `paths` now.
    public static func read(_ paths: some Sequence<String>) -> [String: FileStamp] {
        Dictionary(paths.map { ($0, read($0)) }) { first, _ in first }
    }
}
