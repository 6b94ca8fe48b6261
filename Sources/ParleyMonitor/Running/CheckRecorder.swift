import ParleyCore
import ParleyMetrics
import ParleyModel

/// The one plugin a check run has: it keeps what the record needs (each turn's latencies, the
/// first failure and that flow's transcript) and nothing else, so a long-running monitor's memory
/// does not grow with the transcripts of flows that passed. Events arrive masked by the host.
struct CheckRecorder: Plugin {
    let name = "monitor"
    let book = Book()

    func handle(_ event: PluginEvent) async throws {
        await book.note(event)
    }

    func finish(_ summary: RunSummary) async throws {}

    /// What the recorder kept of a run.
    struct Kept: Sendable {
        var turns: [[LatencyMeasure: Duration]] = []
        var failure: String?
        var transcript: String?
        /// The flow that was running last, for a timeout's message.
        var lastStarted: String?
        /// The transcript of a flow still running (a timed-out check's).
        var unfinished: String?
    }

    actor Book {
        /// The longest transcript kept in a record; a longer one is cut at a line and says so.
        static let transcriptLimit = 1 << 20

        private var ledger = TurnLedger()
        private var lines: [String: [String]] = [:]
        private var started: [String: Duration] = [:]
        private var kept = Kept()

        func note(_ event: PluginEvent) {
            ledger.note(event)
            guard let run = event.flow else { return }
            let key = "\(run.id)#\(run.attempt)"
            if case .flowStarted = event.kind {
                started[key] = event.time
                kept.lastStarted = run.path
            }
            if kept.failure == nil {
                lines[key, default: []].append(TranscriptLine.json(for: event, run: run, flowStarted: started[key] ?? .zero).compactText())
            }
            guard case .flowFinished(let result) = event.kind else { return }
            let transcript = lines.removeValue(forKey: key) ?? []
            started[key] = nil
            switch result.outcome {
            case .failed(let failure) where kept.failure == nil:
                kept.failure = failure.rendered
                kept.transcript = Self.capped(transcript)
                lines.removeAll()
            case .skipped where kept.unfinished == nil && !transcript.isEmpty:
                // Stopped mid-flow (a timeout cancels the run): what it had said so far.
                kept.unfinished = Self.capped(transcript)
            case .failed, .skipped, .passed, .flaky:
                break
            }
        }

        func result() -> Kept {
            var result = kept
            result.turns = ledger.turns.map(\.latencies)
            if result.unfinished == nil { result.unfinished = lines.values.first.map(Self.capped) }
            return result
        }

        static func capped(_ lines: [String]) -> String {
            var text = ""
            for line in lines {
                guard text.utf8.count + line.utf8.count < transcriptLimit else {
                    return text + #"{"type":"cut","reason":"the transcript is longer than 1 MiB; the rest is not kept"}"# + "\n"
                }
                text += line + "\n"
            }
            return text
        }
    }
}
