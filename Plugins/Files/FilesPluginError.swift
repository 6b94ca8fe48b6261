import Foundation
import ParleyModel

/// Why the `files` plugin could not be set up or could not write a report.
///
/// Setting errors read `files: junit must be a file name; got 3`; write errors name the file and
/// the system's reason, so the host can report them as they are.
public struct FilesPluginError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The whole message, starting with `files:`.
    public let description: String

    private init(_ description: String) {
        self.description = "files: " + description
    }

    /// The same text, for callers that print `localizedDescription`.
    public var errorDescription: String? { description }

    static func notFileName(_ setting: String, got value: JSONValue) -> FilesPluginError {
        FilesPluginError("\(setting) must be a file name; got \(value.compactText())")
    }

    static func notFolder(_ setting: String, got value: JSONValue) -> FilesPluginError {
        FilesPluginError("\(setting) must be a folder path; got \(value.compactText())")
    }

    static func notBool(_ setting: String, got value: JSONValue) -> FilesPluginError {
        FilesPluginError("\(setting) must be true or false; got \(value.compactText())")
    }

    static func unknownSetting(_ setting: String, known: [String]) -> FilesPluginError {
        FilesPluginError("unknown setting \"\(setting)\"; expected one of \(known.joined(separator: ", "))")
    }

    static let htmlNotSupported = FilesPluginError(
        "html reports are not supported yet; remove \"html\" (junit, json and transcripts work)")

    static let nothingToWrite = FilesPluginError("nothing to write; set junit, json or transcripts: true")

    static func cannotWrite(_ path: String, _ error: any Error) -> FilesPluginError {
        FilesPluginError("cannot write \(path): \(reason(error))")
    }

    static func cannotCreateFolder(_ path: String, _ error: any Error) -> FilesPluginError {
        FilesPluginError("cannot create folder \(path): \(reason(error))")
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
