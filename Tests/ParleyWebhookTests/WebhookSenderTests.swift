import AsyncHTTPClient
import Foundation
import ParleyCore
import ParleyTesting
import Testing

@testable import ParleyWebhook

/// One delivery's loop against a real server on 127.0.0.1, waiting on the injected clock.
@Suite("webhook sender")
struct WebhookSenderTests {
    typealias Options = WebhookPlugin.Options

    @Test("while flows run, backoff waits 0.5s, 1s, 2s on the injected clock and a 429 waits its Retry-After")
    func backoffOnTheClock() async throws {
        let tooMany = HookServer.Reply(status: 429, headers: ["Retry-After": "5"])
        try await HookServer.with(replies: [.serverError, .serverError, .serverError, tooMany]) { server in
            let clock = ManualClock()
            let sender = WebhookSender(options: Options(url: server.url, retries: 4), client: .shared)
            let failure = await sender.deliver(Array("{}".utf8), flush: Flush(clock: clock))
            #expect(failure == nil)
            #expect(await server.requests.count == 5)
            #expect(clock.now == .milliseconds(3500) + .seconds(5))
        }
    }

    @Test("once abandoned, a delivery is not sent at all")
    func abandonedBeforeItsTurn() async throws {
        try await HookServer.with { server in
            let flush = Flush(clock: ManualClock())
            flush.abandon()
            let sender = WebhookSender(options: Options(url: server.url), client: .shared)
            let failure = await sender.deliver(Array("{}".utf8), flush: flush)
            #expect(failure == DeliveryAttempts.GiveUp(attempts: 0, reason: "abandoned: the run was interrupted", cause: .interrupted))
            #expect(await server.requests.isEmpty)
        }
    }

    @Test("a delivery whose turn comes after the flush deadline is not sent")
    func pastTheDeadlineBeforeItsTurn() async throws {
        try await HookServer.with { server in
            let clock = ManualClock()
            let flush = Flush(clock: clock)
            flush.begin(deadline: .seconds(10))
            clock.advance(by: .seconds(10))
            let sender = WebhookSender(options: Options(url: server.url), client: .shared)
            let failure = await sender.deliver(Array("{}".utf8), flush: flush)
            #expect(failure == DeliveryAttempts.GiveUp(attempts: 0, reason: "the flush deadline passed before its turn", cause: .deadline))
            #expect(await server.requests.isEmpty)
        }
    }
}
