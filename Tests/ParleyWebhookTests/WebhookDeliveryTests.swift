import AsyncHTTPClient
import Crypto
import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import ParleyWebhook
import Testing

/// The plugin against a real HTTP server on 127.0.0.1 (`HookServer`).
@Suite("webhook delivery")
struct WebhookDeliveryTests {
    typealias Options = WebhookPlugin.Options

    /// Waits of a millisecond or so, on the real clock.
    static let quick = Options.Backoff(initial: .milliseconds(1), factor: 2, maximum: .milliseconds(4))

    static func plugin(_ server: HookServer, clock: any MonotonicClock = SystemClock(), _ change: (inout Options) -> Void = { _ in })
        -> WebhookPlugin
    {
        // A flush deadline no loaded machine reaches: only the tests about the deadline set one.
        var options = Options(url: server.url, backoff: quick, flush: .seconds(600))
        change(&options)
        return WebhookPlugin(options: options, client: .shared, clock: clock)
    }

    /// Runs `plugins` through the host as `parley run` does: `events` published, then `summary` settled and finished.
    @discardableResult
    static func run(_ plugins: [any Plugin], events: [PluginEvent] = [], summary: RunSummary = SampleRun.oneFailed, secrets: [String] = [])
        async -> RunSummary
    {
        await PluginHost.run(plugins: plugins, secrets: SecretRegistry(secrets: secrets)) { host in
            for event in events { await host.publish(event) }
            return summary
        }
    }

    /// The failed delivery of the run to `server`.
    static func failure(_ server: HookServer, flow: String? = nil, attempts: Int, cause: DeliveryFailure.Cause = .receiver, _ reason: String)
        -> DeliveryFailure
    {
        DeliveryFailure(plugin: "webhook", flow: flow, url: server.url, attempts: attempts, cause: cause, reason: reason)
    }

    static func json(_ request: HookServer.Request) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    }

    @Test("500s are retried and the third attempt delivers, all under one delivery id")
    func retriesThenDelivers() async throws {
        try await HookServer.with(replies: [.serverError, .serverError]) { server in
            let summary = await Self.run([Self.plugin(server)])
            #expect(summary.deliveryFailures.isEmpty)
            let requests = await server.requests
            #expect(requests.count == 3)
            let ids = Set(requests.map { $0.headers["x-parley-delivery"] ?? "" })
            #expect(ids.count == 1)
            #expect(UUID(uuidString: ids.first ?? "") != nil)
            #expect(Set(requests.map(\.body)).count == 1)
            let body = try Self.json(try #require(requests.last))
            #expect(body["kind"] as? String == "run")
            #expect((body["counts"] as? [String: Int])?["failed"] == 1)
        }
    }

    @Test("the signature is the HMAC-SHA256 of the exact body, and the secret is never sent")
    func signature() async throws {
        let secret = "canary-secret-4711"
        try await HookServer.with { server in
            let plugin = Self.plugin(server) {
                $0.secret = secret
                $0.headers = ["Authorization": "Bearer masked"]
            }
            await Self.run([plugin])
            let request = try #require(await server.requests.first)
            let code = HMAC<SHA256>.authenticationCode(for: request.body, using: SymmetricKey(data: Array(secret.utf8)))
            let hex = code.map { String(format: "%02x", $0) }.joined()
            #expect(request.headers["x-parley-signature"] == "sha256=" + hex)
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.headers["user-agent"] == "parley")
            #expect(request.headers["authorization"] == "Bearer masked")
            #expect(!request.text.contains(secret))
            #expect(!request.headers.values.contains { $0.contains(secret) })
        }
    }

    @Test("without a secret there is no signature header")
    func noSignature() async throws {
        try await HookServer.with { server in
            await Self.run([Self.plugin(server)])
            let request = try #require(await server.requests.first)
            #expect(request.headers["x-parley-signature"] == nil)
        }
    }

    @Test("on: [failure] sends nothing for an all-passed run, per run or per flow")
    func nothingWhenAllPassed() async throws {
        try await HookServer.with { server in
            for per in [Options.Scope.run, .flow] {
                let plugin = Self.plugin(server) { $0.per = per }
                await Self.run([plugin], events: SampleRun.allPassed.results.map(SampleRun.finished), summary: SampleRun.allPassed)
            }
            #expect(await server.requests.isEmpty)
        }
    }

    @Test("per: flow sends one POST per matching flow, each with its own delivery id, and none at the end")
    func perFlow() async throws {
        try await HookServer.with { server in
            let failures = Self.plugin(server) { $0.per = .flow }
            let everything = Self.plugin(server) {
                $0.per = .flow
                $0.on = [.always]
                // One at a time, so the bodies arrive in the order the flows finished.
                $0.concurrency = 1
            }
            for plugin in [failures, everything] {
                await Self.run([plugin], events: SampleRun.oneFailed.results.map(SampleRun.finished))
            }
            let requests = await server.requests
            #expect(requests.count == 4)
            let bodies = try requests.map(Self.json)
            #expect(bodies.map { $0["kind"] as? String } == ["flow", "flow", "flow", "flow"])
            #expect(bodies.map { $0["outcome"] as? String } == ["failed", "passed", "failed", "flaky"])
            #expect(Set(requests.compactMap { $0.headers["x-parley-delivery"] }).count == 4)
            let failure = try #require(bodies.first?["failure"] as? [String: Any])
            #expect(failure["location"] as? String == "Flows/02-refund.flow.yaml:14:5")
        }
    }

    @Test("per flow, each --retries attempt is sent, and one that passed says flaky")
    func perFlowRetries() async throws {
        var second = SampleRun.passed
        second.run.attempt = 2
        let firstAttempt = SampleRun.failed
        let secondAttempt = second
        try await HookServer.with { server in
            let plugin = Self.plugin(server) {
                $0.per = .flow
                $0.on = [.always]
                $0.concurrency = 1
            }
            await Self.run([plugin], events: [SampleRun.finished(firstAttempt), SampleRun.finished(secondAttempt)])
            let bodies = try await server.requests.map(Self.json)
            #expect(bodies.map { $0["outcome"] as? String } == ["failed", "flaky"])
            #expect(bodies.map { $0["attempt"] as? Int } == [1, 2])
        }
    }

    @Test("a 400 is not retried; the failed delivery is in the summary, not among plugin failures")
    func badRequestIsNotRetried() async throws {
        try await HookServer.with(replies: [.badRequest]) { server in
            let summary = await Self.run([Self.plugin(server)])
            #expect(summary.deliveryFailures == [Self.failure(server, attempts: 1, "400 Bad Request")])
            #expect(summary.deliveryFailures.first?.description == "webhook: POST \(server.url) for the run failed after 1 attempt: 400 Bad Request")
            #expect(summary.pluginFailures == SampleRun.oneFailed.pluginFailures)
            #expect(await server.requests.count == 1)
        }
    }

    @Test("when every attempt fails the summary says where, how often and why")
    func exhaustedRetries() async throws {
        try await HookServer.with(replies: Array(repeating: .serverError, count: 4)) { server in
            let summary = await Self.run([Self.plugin(server)])
            #expect(summary.deliveryFailures == [Self.failure(server, attempts: 4, "500 Internal Server Error")])
            #expect(await server.requests.count == 4)
        }
    }

    @Test("per flow, a failed delivery is recorded on its flow run, and later flows are still sent")
    func perFlowFailureRecorded() async throws {
        try await HookServer.with(replies: [.badRequest]) { server in
            let plugin = Self.plugin(server) {
                $0.per = .flow
                $0.on = [.always]
                $0.concurrency = 1
            }
            let summary = await Self.run([plugin], events: [SampleRun.finished(SampleRun.failed), SampleRun.finished(SampleRun.passed)])
            #expect(summary.deliveryFailures == [Self.failure(server, flow: SampleRun.failed.run.id, attempts: 1, "400 Bad Request")])
            #expect(summary.deliveryFailures(forFlow: SampleRun.failed.run.id).count == 1)
            #expect(summary.deliveryFailures(forFlow: SampleRun.passed.run.id).isEmpty)
            #expect(summary.pluginFailures == SampleRun.oneFailed.pluginFailures)
            #expect(await server.requests.count == 2)
        }
    }

    @Test("the reporting plugins finish with the failed deliveries in their summary")
    func reportersSeeDeliveries() async throws {
        try await HookServer.with(replies: [.badRequest]) { server in
            let recorder = RecordingPlugin()
            let summary = await Self.run([recorder, Self.plugin(server)])
            #expect(recorder.summaries.map(\.deliveryFailures) == [[Self.failure(server, attempts: 1, "400 Bad Request")]])
            #expect(recorder.summaries == [summary])
        }
    }

    @Test("a 429 whose Retry-After passes the flush deadline is not waited for, and the failure says why")
    func retryAfterPastTheDeadline() async throws {
        let tooMany = HookServer.Reply(status: 429, headers: ["Retry-After": "60"])
        try await HookServer.with(replies: [tooMany]) { server in
            let plugin = Self.plugin(server) {
                $0.retries = 100
                $0.backoff = Options.Backoff()
                $0.flush = Options.defaultFlush
            }
            let summary = await Self.run([plugin])
            #expect(
                summary.deliveryFailures == [
                    Self.failure(server, attempts: 1, cause: .deadline, "429 Too Many Requests; Retry-After 60s is past the flush deadline")
                ])
            #expect(await server.requests.count == 1)
        }
    }

    @Test("a refused connection is retried until the flush deadline, then given up with the last reason")
    func refusedUntilTheDeadline() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let closedPort = refusing.port
        let options = Options(
            url: "http://127.0.0.1:\(closedPort)/hook", retries: 100, timeout: .milliseconds(300),
            backoff: Options.Backoff(initial: .seconds(1), maximum: .seconds(4)), flush: .seconds(10))
        // The backoff and the flush deadline run on virtual time: the waits (1 s, 2 s, then 4 s
        // each) add up to the 10 s deadline however long the refused attempts take. Each attempt
        // takes the client's 300 ms of real time (it retries the connection until its own timeout,
        // then reports the refusal), so the waits are long and the attempts few.
        let clock = TestClock()
        let summary = await withTaskGroup(of: RunSummary?.self) { group in
            group.addTask { await Self.run([WebhookPlugin(options: options, client: .shared, clock: clock)]) }
            group.addTask {
                await Self.advanceBackoffs(clock, before: .seconds(10))
                return nil
            }
            let summary = await group.next() ?? nil
            group.cancelAll()
            return summary
        }
        let failure = try #require(summary?.deliveryFailures.first)
        #expect(failure.cause == .deadline)
        #expect(failure.attempts > 1 && failure.attempts < 101)
        #expect(failure.reason.hasPrefix("connection refused; "))
        let stops = [" is past the flush deadline", "no answer by the flush deadline", "the flush deadline passed before the next attempt"]
        #expect(stops.contains { failure.reason.hasSuffix($0) }, "\(failure.reason)")
        // On virtual time it is the wait: 1 s + 2 s + 4 s reach 7 s, and the next 4 s would pass the
        // deadline. One attempt before each wait, one more after the last.
        #expect(failure.reason.hasSuffix(" is past the flush deadline"), "\(failure.reason)")
        #expect(failure.attempts == 4)
        #expect(clock.now == .seconds(7))
    }

    /// Moves `clock` to each backoff wait's end as the wait begins, until cancelled. A wait is a
    /// task parked on the clock before `limit`; an attempt under way parks only the flush's watch
    /// on the deadline (at `limit` or later), which is left alone.
    static func advanceBackoffs(_ clock: TestClock, before limit: Duration) async {
        while let wake = await clock.waitForSleeper(in: .zero...(limit - .nanoseconds(1))) {
            clock.advance(to: wake)
        }
    }

    @Test("through the host, a canary secret reaches neither the body nor the headers")
    func canaryNeverSent() async throws {
        let canary = "canary-8d1f"
        var leaking = SampleRun.failed
        leaking.outcome = .failed(StepFailure(message: "got \"token \(canary)\"", cause: .mismatch, location: SampleRun.failure.location))
        let result = leaking
        try await HookServer.with { server in
            let plugin = Self.plugin(server) {
                $0.per = .flow
                $0.secret = canary
            }
            let summary = await Self.run([plugin], events: [SampleRun.finished(result)], secrets: [canary])
            #expect(summary.pluginFailures == SampleRun.oneFailed.pluginFailures, "the run's own failures, none added")
            #expect(summary.deliveryFailures.isEmpty)
            let request = try #require(await server.requests.first)
            #expect(!request.text.contains(canary))
            #expect(request.text.contains(#"got \"token ***\""#))
            #expect(!request.headers.values.contains { $0.contains(canary) })
        }
    }

    @Test("a Slack webhook gets a text message")
    func slack() async throws {
        try await HookServer.with { server in
            await Self.run([Self.plugin(server) { $0.format = .slack }])
            let body = try Self.json(try #require(await server.requests.first))
            #expect(Set(body.keys) == ["text"])
            #expect((body["text"] as? String)?.hasPrefix(":x: Parley run failed: 1 passed, 1 failed") == true)
        }
    }

    @Test("a refused connection is retried, then reported")
    func refusedConnection() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let closedPort = refusing.port
        let options = Options(url: "http://127.0.0.1:\(closedPort)/hook", retries: 1, timeout: .milliseconds(300), backoff: Self.quick)
        let summary = await Self.run([WebhookPlugin(options: options, client: .shared)])
        #expect(summary.deliveryFailures.map(\.description) == ["webhook: POST http://127.0.0.1:\(closedPort)/hook for the run failed after 2 attempts: connection refused"])
    }
}
