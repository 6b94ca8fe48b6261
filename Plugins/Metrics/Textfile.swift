import Foundation
import ParleyModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a node_exporter textfile so the collector reads the old file or the new one, never
/// half: a temporary file in the same folder (named so the collector, which reads `*.prom` only,
/// skips it), then a rename over the target, which is atomic within one file system.
enum Textfile {
    /// Writes `text` to `url`, making its folder first.
    static func write(_ text: String, to url: URL) throws(MetricsError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw MetricsError.cannotWrite(url.path, "cannot create its folder: \(reason(error))")
        }
        let temporary = temporaryURL(for: url)
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw MetricsError.cannotWrite(url.path, reason(error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            try? FileManager.default.removeItem(at: temporary)
            throw MetricsError.cannotWrite(url.path, String(cString: strerror(code.rawValue)))
        }
    }

    /// `.<name>.<uuid>.tmp` beside `url`.
    static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(RandomID.uuid().uuidString).tmp")
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
