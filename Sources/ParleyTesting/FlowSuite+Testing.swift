#if canImport(Testing)
import Foundation
import ParleyCore
import ParleyModel
import Testing

extension FlowSuite {
    /// Runs the flows and records one Swift Testing issue per failing flow, located at the
    /// flow's failing step so Xcode and `swift test` point at the YAML; a problem with no place
    /// in a flow (invalid input, an interruption) is recorded at the caller.
    ///
    /// - Returns: the run's summary, to check more; nil when invalid input stopped it.
    @discardableResult
    public func expectAllPass(sourceLocation: Testing.SourceLocation = #_sourceLocation) async -> RunSummary? {
        await run { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: failure.location.map(Self.testingLocation) ?? sourceLocation)
        }
    }

    /// A flow file's place as Swift Testing names one: the absolute path, and a `folder/file` ID.
    static func testingLocation(_ location: ParleyModel.SourceLocation) -> Testing.SourceLocation {
        let url = URL(fileURLWithPath: location.file).standardizedFileURL
        let fileID = "\(url.deletingLastPathComponent().lastPathComponent)/\(url.lastPathComponent)"
        return Testing.SourceLocation(fileID: fileID, filePath: url.path, line: max(location.line, 1), column: max(location.column, 1))
    }
}
#endif
