import Foundation

/// Collects, while matchers are evaluated, the meaning questions that had no answer yet and the
/// checks that had one. The interpreter is a value; the runner evaluates a copy of it with a
/// fresh probe to learn what to ask the models before the real input is handled.
public final class MeaningProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var unanswered: [MeaningQuestion] = []
    private var checks: [MeaningCheck] = []

    /// An empty probe.
    public init() {}

    /// The questions asked without an answer, in the order first asked.
    public var questions: [MeaningQuestion] { lock.withLock { unanswered } }

    func ask(_ question: MeaningQuestion) {
        lock.withLock { if !unanswered.contains(question) { unanswered.append(question) } }
    }

    func consulted(_ check: MeaningCheck) {
        lock.withLock { if !checks.contains(check) { checks.append(check) } }
    }

    /// The checks made since the last call, for the step that is finishing.
    func takeChecks() -> [MeaningCheck] {
        lock.withLock {
            defer { checks = [] }
            return checks
        }
    }
}
