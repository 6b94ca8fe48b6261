import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// `similar` and `judge` through the real `FlowRunner`: the runner asks the resolver what the
/// interpreter's matchers need before each input, and the steps carry the decisions. The
/// resolver here is a table (a unit test of the runner); the endpoints are tested for real in
/// ParleyCLITests' MeaningRunTests.
@Suite("meaning matchers in the runner")
struct MeaningRunnerTests {
    /// Answers from tables and records every batch of questions it was asked.
    final class TableResolver: MeaningResolver, @unchecked Sendable {
        let lock = NSLock()
        let similarity: [String: Double]
        let verdicts: [String: Verdict]
        private(set) var batches: [[MeaningQuestion]] = []

        init(similarity: [String: Double] = [:], verdicts: [String: Verdict] = [:]) {
            self.similarity = similarity
            self.verdicts = verdicts
        }

        func answers(to questions: [MeaningQuestion]) async -> [MeaningQuestion: MeaningAnswer] {
            lock.withLock { batches.append(questions) }
            var answers: [MeaningQuestion: MeaningAnswer] = [:]
            for question in questions {
                switch question {
                case .similarity(let text, let reference):
                    answers[question] = similarity["\(text)|\(reference)"].map { .similarity($0, model: "table") } ?? .unavailable("no row for \(text)")
                case .judgement(let text, _):
                    answers[question] = verdicts[text].map(MeaningAnswer.verdict) ?? .unavailable("the judge endpoint: connection refused")
                }
            }
            return answers
        }

        var asked: [MeaningQuestion] { lock.withLock { batches.flatMap { $0 } } }
    }

    static let shipped = "We sent your package; it arrives Tuesday."

    static func flow(_ matcher: String) -> String {
        """
        flow: Shipping
        steps:
          - send: Where is my order?
          - expect: { reply: \(matcher), within: 1s }
        """
    }

    @Test("a paraphrase above the threshold passes, and the step carries the score, threshold and model")
    func similarPasses() async throws {
        let resolver = TableResolver(similarity: ["\(Self.shipped)|Your order has shipped": 0.81])
        let (result, _, _) = try await RunnerHarness.runFlow(
            Self.flow("{ similar: Your order has shipped }"), connector: ScriptedConnector(.replying { _ in Self.shipped }),
            clock: ManualClock(), meaning: resolver)
        #expect(result.outcome == .passed)
        #expect(
            result.steps[1].meaning == [
                MeaningCheck(
                    kind: .embeddings, text: Self.shipped, against: "Your order has shipped", passed: true, score: 0.81, threshold: 0.75,
                    reason: nil, model: "table")
            ])
        #expect(resolver.asked == [.similarity(text: Self.shipped, reference: "Your order has shipped")])
    }

    @Test("an unrelated reply fails with its score and the threshold; with a list, the closest reference is shown")
    func similarFails() async throws {
        let resolver = TableResolver(similarity: [
            "\(Self.shipped)|I cannot help with that": 0.18, "\(Self.shipped)|Please contact support": 0.31,
        ])
        let (result, _, _) = try await RunnerHarness.runFlow(
            Self.flow("{ similar: { to: [I cannot help with that, Please contact support], threshold: 0.6 } }"),
            connector: ScriptedConnector(.replying { _ in Self.shipped }), clock: ManualClock(), meaning: resolver)
        guard case .failed(let failure) = result.outcome else { Issue.record("expected a failure, got \(result.outcome)"); return }
        #expect(failure.message.contains("similarity 0.31 to \"Please contact support\" is below the threshold 0.60 (model table)"), "\(failure.message)")
        #expect(result.steps[1].meaning.map(\.score) == [0.31])
        #expect(result.steps[1].meaning.map(\.passed) == [false])
    }

    @Test("a judge's verdict decides, and its reason is the failure")
    func judge() async throws {
        let resolver = TableResolver(verdicts: [
            Self.shipped: Verdict(pass: false, score: 0.2, reason: "It does not apologise for the delay.", model: "judge-1")
        ])
        let (result, _, _) = try await RunnerHarness.runFlow(
            Self.flow("{ judge: Apologises for the delay }"), connector: ScriptedConnector(.replying { _ in Self.shipped }),
            clock: ManualClock(), meaning: resolver)
        guard case .failed(let failure) = result.outcome else { Issue.record("expected a failure, got \(result.outcome)"); return }
        #expect(
            failure.message.contains("the judge found the rubric not met (score 0.20) (model judge-1): It does not apologise for the delay."),
            "\(failure.message)")
        #expect(result.steps[1].meaning.first?.reason == "It does not apologise for the delay.")
    }

    @Test("a judge's pass below the rubric's threshold fails")
    func judgeThreshold() async throws {
        let resolver = TableResolver(verdicts: [Self.shipped: Verdict(pass: true, score: 0.5, reason: "Mostly.", model: "judge-1")])
        let (result, _, _) = try await RunnerHarness.runFlow(
            Self.flow("{ judge: { rubric: Says when it arrives, threshold: 0.8 } }"),
            connector: ScriptedConnector(.replying { _ in Self.shipped }), clock: ManualClock(), meaning: resolver)
        guard case .failed(let failure) = result.outcome else { Issue.record("expected a failure, got \(result.outcome)"); return }
        #expect(failure.message.contains("the judge's score 0.50 is below the threshold 0.80 (model judge-1): Mostly."), "\(failure.message)")
    }

    @Test("an endpoint that cannot answer fails the step with its reason, never a pass")
    func unavailable() async throws {
        let resolver = TableResolver()
        let (result, _, _) = try await RunnerHarness.runFlow(
            Self.flow("{ judge: Apologises }"), connector: ScriptedConnector(.replying { _ in Self.shipped }),
            clock: ManualClock(), meaning: resolver)
        guard case .failed(let failure) = result.outcome else { Issue.record("expected a failure, got \(result.outcome)"); return }
        #expect(failure.message.contains("judge: the judge endpoint: connection refused"), "\(failure.message)")
    }

    @Test("an answer that moves the flow on is followed by the next step's questions about the same reply")
    func secondRound() async throws {
        let resolver = TableResolver(
            similarity: ["\(Self.shipped)|Your order has shipped": 0.9],
            verdicts: [Self.shipped: Verdict(pass: true, score: 0.9, reason: "Says Tuesday.", model: "judge-1")])
        let (result, _, _) = try await RunnerHarness.runFlow(
            """
            flow: Shipping
            steps:
              - send: Where is my order?
              - expect: { reply: { similar: Your order has shipped } }
              - expect: { reply: { judge: Says when it arrives } }
            """, connector: ScriptedConnector(.replying { _ in Self.shipped }), clock: ManualClock(), meaning: resolver)
        #expect(result.outcome == .passed)
        // The judge's question arises only once the similarity passed the first expect.
        #expect(
            resolver.batches == [
                [.similarity(text: Self.shipped, reference: "Your order has shipped")],
                [.judgement(text: Self.shipped, rubric: "Says when it arrives")],
            ])
        #expect(result.steps.map { $0.meaning.map(\.kind) } == [[], [.embeddings], [.judge]])
    }

    @Test("a secret the agent echoes is masked in what the model is asked, and the answer still decides the step")
    func secretsMasked() async throws {
        let echoed = "Your token is tok-9f8e7d, keep it safe."
        let resolver = TableResolver(similarity: ["Your token is ***, keep it safe.|Here is your token": 0.8])
        let (result, _, _) = try await RunnerHarness.runFlow(
            Self.flow("{ similar: Here is your token }"), connector: ScriptedConnector(.replying { _ in echoed }), clock: ManualClock(),
            secrets: SecretRegistry(secrets: ["tok-9f8e7d"]), meaning: resolver)
        #expect(result.outcome == .passed)
        #expect(resolver.asked == [.similarity(text: "Your token is ***, keep it safe.", reference: "Here is your token")])
        #expect(!"\(resolver.asked)".contains("tok-9f8e7d"))
    }

    @Test("a model that could not answer is asked again when a retry runs the step again")
    func retriedAfterAnOutage() async throws {
        final class FlakyResolver: MeaningResolver, @unchecked Sendable {
            let lock = NSLock()
            var calls = 0
            func answers(to questions: [MeaningQuestion]) async -> [MeaningQuestion: MeaningAnswer] {
                let call = lock.withLock { calls += 1; return calls }
                return Dictionary(uniqueKeysWithValues: questions.map {
                    ($0, call == 1 ? .unavailable("the embeddings endpoint: connection refused") : .similarity(0.9, model: "m"))
                })
            }
        }
        let resolver = FlakyResolver()
        let (result, _, _) = try await RunnerHarness.runFlow(
            """
            flow: Shipping
            steps:
              - retry:
                  attempts: 2
                  on: [timeout, mismatch]
                  steps:
                    - send: Where is my order?
                    - expect: { reply: { similar: Your order has shipped }, within: 1s }
            """, connector: ScriptedConnector(.replying { _ in Self.shipped }), clock: ManualClock(), meaning: resolver)
        #expect(result.outcome == .flaky, "\(result.outcome)")
        #expect(resolver.lock.withLock { resolver.calls } == 2)
    }

    @Test("a flow without meaning matchers never asks")
    func noQuestions() async throws {
        let resolver = TableResolver()
        let (result, _, _) = try await RunnerHarness.runFlow(
            Self.flow("{ contains: Tuesday }"), connector: ScriptedConnector(.replying { _ in Self.shipped }), clock: ManualClock(),
            meaning: resolver)
        #expect(result.outcome == .passed)
        #expect(resolver.batches.isEmpty)
    }
}
