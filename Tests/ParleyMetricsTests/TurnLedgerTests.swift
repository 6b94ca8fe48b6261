import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

@testable import ParleyMetrics

/// One observation per turn, however many steps read it: a turn ends at the next user action or
/// when its flow run finishes; the opening turn (no latencies) records nothing.
@Suite("metrics: turns from events")
struct TurnLedgerTests {
    static func step(_ latencies: [LatencyMeasure: Duration]) -> PluginEvent.Kind {
        .stepFinished(StepResult(step: SampleRun.expectShipped, outcome: .passed, started: .zero, duration: .zero, latencies: latencies))
    }

    @Test("steps of one turn count once, with the latest measures; a new user action starts the next turn")
    func oneObservationPerTurn() {
        var ledger = TurnLedger()
        let order = SampleRun.order
        let refund = SampleRun.refund
        let events: [(FlowRun, PluginEvent.Kind)] = [
            (order, .flowStarted), (order, Self.step([:])),  // the opening turn measures nothing
            (order, .userAction(.send(text: "one"))), (order, Self.step([:])),
            (order, Self.step([.firstToken: .milliseconds(100)])),
            (refund, .userAction(.send(text: "interleaved"))), (refund, Self.step([.replyComplete: .seconds(2)])),
            (order, Self.step([.firstToken: .milliseconds(100), .replyComplete: .milliseconds(400)])),
            (order, .userAction(.send(text: "two"))), (order, Self.step([.firstToken: .milliseconds(50)])),
            (order, .flowFinished(SampleRun.results().order)), (refund, .flowFinished(SampleRun.results().refund)),
        ]
        for (run, kind) in events { ledger.note(PluginEvent(time: .zero, flow: run, kind: kind)) }
        #expect(
            ledger.turns == [
                TurnLatency(flow: order.path, latencies: [.firstToken: .milliseconds(100), .replyComplete: .milliseconds(400)]),
                TurnLatency(flow: order.path, latencies: [.firstToken: .milliseconds(50)]),
                TurnLatency(flow: refund.path, latencies: [.replyComplete: .seconds(2)]),
            ])
    }

    @Test("attempts of one flow run are kept apart")
    func attemptsApart() {
        var ledger = TurnLedger()
        ledger.note(PluginEvent(time: .zero, flow: SampleRun.greeting, kind: Self.step([.firstToken: .seconds(1)])))
        ledger.note(PluginEvent(time: .zero, flow: SampleRun.greetingRetry, kind: Self.step([.firstToken: .seconds(2)])))
        ledger.note(PluginEvent(time: .zero, flow: SampleRun.greeting, kind: .flowFinished(SampleRun.results().greetingFirst)))
        ledger.note(PluginEvent(time: .zero, flow: SampleRun.greetingRetry, kind: .flowFinished(SampleRun.results().greeting)))
        #expect(ledger.turns.map { $0.latencies[.firstToken] } == [.seconds(1), .seconds(2)])
    }
}
