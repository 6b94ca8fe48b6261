import Foundation
import ParleyModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a whole file so readers see the old one or the new one, never half: a temporary file in
/// the same folder, then a rename over the target.
enum AtomicFile {
    /// Writes `text` to `url`, making its folder first.
    static func write(_ text: String, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try makeFolder(folder)
        } catch {
            throw FilesPluginError.cannotWrite(url.path, folder: error)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(RandomID.uuid().uuidString).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FilesPluginError.cannotWrite(url.path, error)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            try? FileManager.default.removeItem(at: temporary)
            throw FilesPluginError.cannotWrite(url.path, POSIXError(code))
        }
    }

    /// Makes `folder` and its parents when missing.
    static func makeFolder(_ folder: URL) throws(FilesPluginError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FilesPluginError.cannotCreateFolder(folder.path, error)
        }
    }
}
