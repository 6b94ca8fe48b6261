import Foundation
import ParleyModel

/// Why the `files` plugin could not be set up or could not write a report.
///
/// A setting error reads `files: junit must be a file name; got 3`, whole, for the command line to
/// put after the entry's location. A write error reads `cannot write reports/junit.xml: Permission
/// denied`, because the plugin host prefixes what `handle` and `finish` throw with the plugin's
/// name: the run summary then says `files: cannot write …` once.
public struct FilesPluginError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The whole message.
    public let description: String

    private init(setting description: String) {
        self.description = "files: " + description
    }

    private init(writing description: String) {
        self.description = description
    }

    /// The same text, for callers that print `localizedDescription`.
    public var errorDescription: String? { description }

    static func notFileName(_ setting: String, got value: JSONValue) -> FilesPluginError {
        FilesPluginError(setting: "\(setting) must be a file name; got \(value.compactText())")
    }

    static func notFolder(_ setting: String, got value: JSONValue) -> FilesPluginError {
        FilesPluginError(setting: "\(setting) must be a folder path; got \(value.compactText())")
    }

    static func notBool(_ setting: String, got value: JSONValue) -> FilesPluginError {
        FilesPluginError(setting: "\(setting) must be true or false; got \(value.compactText())")
    }

    static func unknownSetting(_ setting: String, known: [String]) -> FilesPluginError {
        FilesPluginError(setting: "unknown setting \"\(setting)\"; expected one of \(known.joined(separator: ", "))")
    }

    static let nothingToWrite = FilesPluginError(setting: "nothing to write; set junit, json, html or transcripts: true")

    static func cannotWrite(_ path: String, _ error: any Error) -> FilesPluginError {
        FilesPluginError(writing: "cannot write \(path): \(reason(error))")
    }

    /// A file whose folder could not be made: `cannot write reports/junit.xml: cannot create folder reports: …`.
    static func cannotWrite(_ path: String, folder error: FilesPluginError) -> FilesPluginError {
        FilesPluginError(writing: "cannot write \(path): \(error.description)")
    }

    /// A transcript that holds its first `lines` lines only; with none, it could not be written at all.
    static func stopped(_ path: String, afterLine lines: Int, _ error: any Error) -> FilesPluginError {
        guard lines > 0 else { return cannotWrite(path, error) }
        return FilesPluginError(writing: "\(path) stops after line \(lines): \(reason(error)); the lines after it are lost")
    }

    /// A transcript whose partial last line could not be cut off: said, since a reader will meet it.
    static func cutMidLine(_ path: String, afterLine lines: Int, _ error: any Error, trimming: any Error) -> FilesPluginError {
        FilesPluginError(
            writing: "\(path) is cut mid-line after line \(lines): \(reason(error)) (removing the partial line failed: \(reason(trimming)))")
    }

    /// Every file the plugin could not write in full, one after another; a single one reads as itself.
    static func notWritten(_ errors: [FilesPluginError]) -> FilesPluginError {
        guard errors.count > 1 else { return errors.first ?? FilesPluginError(writing: "") }
        return FilesPluginError(writing: "\(errors.count) files not written in full: " + errors.map(\.description).joined(separator: "; "))
    }

    static func cannotCreateFolder(_ path: String, _ error: any Error) -> FilesPluginError {
        FilesPluginError(writing: "cannot create folder \(path): \(reason(error))")
    }

    /// The system's reason in a few words: `Permission denied`, `a file is in the way`.
    static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileWriteFileExists: return "a file is in the way"
            case .fileWriteNoPermission, .fileReadNoPermission: return String(cString: strerror(EACCES))
            case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
            case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
            case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
            default: break
            }
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
