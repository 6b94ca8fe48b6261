#if canImport(XCTest)
import ParleyCore
import XCTest

extension FlowSuite {
    /// Runs the flows and fails the XCTest once per failing flow, at the caller, with the flow's
    /// `file:line:column:` first in the message (XCTest takes only a Swift file's place).
    ///
    /// - Returns: the run's summary, to check more; nil when invalid input stopped it.
    @discardableResult
    public func assertAllPass(file: StaticString = #filePath, line: UInt = #line) async -> RunSummary? {
        await run { failure in XCTFail(failure.description, file: file, line: line) }
    }
}
#endif
