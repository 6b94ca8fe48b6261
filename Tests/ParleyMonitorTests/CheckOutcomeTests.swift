import ParleyMonitor
import Testing

@Suite("CheckOutcome")
struct CheckOutcomeTests {
    @Test("only a pass is up; an interrupted run neither counts nor resets")
    func upAndCounts() {
        #expect(CheckOutcome.allCases.filter(\.isUp) == [.passed])
        #expect(CheckOutcome.allCases.filter { !$0.counts } == [.interrupted])
    }
}
