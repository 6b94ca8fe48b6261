import AsyncHTTPClient
import Foundation
import Logging
import ParleyHTTP
import ParleyMonitor
import ParleyWebhook
import Testing

/// The alert state across a restart: runs replayed from the history make no alert themselves, and
/// the state they leave decides the next one.
@Suite("Alerter seeded from history")
struct AlerterSeedTests {
    actor Deliveries {
        var kinds: [AlertKind] = []
        func add(_ kind: AlertKind) { kinds.append(kind) }
    }

    static func record(_ outcome: CheckOutcome, _ index: Int) -> CheckRecord {
        CheckRecord(id: "run-\(index)", check: "faq", startedAt: Date(timeIntervalSince1970: Double(index)), duration: .seconds(1), outcome: outcome)
    }

    @Test("a check that was failing before the restart alerts its recovery, not a second failure")
    func seeded() async throws {
        try await RunHTTPClient.with { client in
            // Nothing listens on port 9 of loopback: each delivery fails at once; only its kind matters here.
            let poster = WebhookPoster(options: .init(url: "http://127.0.0.1:9/hook", retries: 0), client: client)
            let deliveries = Deliveries()
            let alerter = Alerter(after: 2, poster: poster, logger: Logger(label: "test")) { await deliveries.add($0.kind) }
            await alerter.seed([Self.record(.failed, 1), Self.record(.failed, 2), Self.record(.failed, 3)])
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await alerter.deliver() }
                await alerter.checkFinished(Self.record(.failed, 4))
                await alerter.checkFinished(Self.record(.passed, 5))
                alerter.finish()
            }
            #expect(await deliveries.kinds == [.recovered])
        }
    }
}
