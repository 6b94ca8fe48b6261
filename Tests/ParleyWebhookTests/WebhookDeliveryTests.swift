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
        var options = Options(url: server.url, backoff: quick)
        change(&options)
        return WebhookPlugin(options: options, clock: clock)
    }

    static func json(_ request: HookServer.Request) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    }

    @Test("500s are retried and the third attempt delivers, all under one delivery id")
    func retriesThenDelivers() async throws {
        try await HookServer.with(replies: [.serverError, .serverError]) { server in
            try await Self.plugin(server).finish(SampleRun.oneFailed)
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
            try await plugin.finish(SampleRun.oneFailed)
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
            try await Self.plugin(server).finish(SampleRun.oneFailed)
            let request = try #require(await server.requests.first)
            #expect(request.headers["x-parley-signature"] == nil)
        }
    }

    @Test("on: [failure] sends nothing for an all-passed run, per run or per flow")
    func nothingWhenAllPassed() async throws {
        try await HookServer.with { server in
            for per in [Options.Scope.run, .flow] {
                let plugin = Self.plugin(server) { $0.per = per }
                for result in SampleRun.allPassed.results { try await plugin.handle(SampleRun.finished(result)) }
                try await plugin.finish(SampleRun.allPassed)
            }
            #expect(await server.requests.isEmpty)
        }
    }

    @Test("per: flow sends one POST per matching flow, each with its own delivery id, and none at finish")
    func perFlow() async throws {
        try await HookServer.with { server in
            let failures = Self.plugin(server) { $0.per = .flow }
            let everything = Self.plugin(server) {
                $0.per = .flow
                $0.on = [.always]
            }
            for plugin in [failures, everything] {
                for result in SampleRun.oneFailed.results { try await plugin.handle(SampleRun.finished(result)) }
                try await plugin.finish(SampleRun.oneFailed)
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
            }
            try await plugin.handle(SampleRun.finished(firstAttempt))
            try await plugin.handle(SampleRun.finished(secondAttempt))
            let bodies = try await server.requests.map(Self.json)
            #expect(bodies.map { $0["outcome"] as? String } == ["failed", "flaky"])
            #expect(bodies.map { $0["attempt"] as? Int } == [1, 2])
        }
    }

    @Test("a 400 is not retried, and the host reports it at once")
    func badRequestIsNotRetried() async throws {
        try await HookServer.with(replies: [.badRequest]) { server in
            let summary = await PluginHost.run(plugins: [Self.plugin(server)]) { _ in SampleRun.oneFailed }
            #expect(summary.pluginFailures == SampleRun.oneFailed.pluginFailures + ["webhook: POST \(server.url) failed after 1 attempt: 400 Bad Request"])
            #expect(await server.requests.count == 1)
        }
    }

    @Test("when every attempt fails the host reports where, how often and why")
    func exhaustedRetries() async throws {
        try await HookServer.with(replies: Array(repeating: .serverError, count: 4)) { server in
            let summary = await PluginHost.run(plugins: [Self.plugin(server)]) { _ in SampleRun.oneFailed }
            #expect(summary.pluginFailures == SampleRun.oneFailed.pluginFailures + ["webhook: POST \(server.url) failed after 4 attempts: 500 Internal Server Error"])
            #expect(await server.requests.count == 4)
        }
    }

    @Test("per flow, a failed delivery throws from handle and the host reports it")
    func perFlowFailureThrows() async throws {
        try await HookServer.with(replies: [.badRequest, .badRequest]) { server in
            let plugin = Self.plugin(server) { $0.per = .flow }
            await #expect(throws: WebhookError.self) { try await plugin.handle(SampleRun.finished(SampleRun.failed)) }
            let summary = await PluginHost.run(plugins: [plugin]) { host in
                await host.publish(SampleRun.finished(SampleRun.failed))
                return SampleRun.oneFailed
            }
            #expect(summary.pluginFailures == SampleRun.oneFailed.pluginFailures + ["webhook: POST \(server.url) failed after 1 attempt: 400 Bad Request"])
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
            let summary = await PluginHost.run(plugins: [plugin], secrets: SecretRegistry(secrets: [canary])) { host in
                await host.publish(SampleRun.finished(result))
                return SampleRun.oneFailed
            }
            #expect(summary.pluginFailures == SampleRun.oneFailed.pluginFailures, "the run's own failures, none added")
            let request = try #require(await server.requests.first)
            #expect(!request.text.contains(canary))
            #expect(request.text.contains(#"got \"token ***\""#))
            #expect(!request.headers.values.contains { $0.contains(canary) })
        }
    }

    @Test("backoff waits 0.5s, 1s, 2s on the injected clock; a 429 waits its Retry-After")
    func backoffOnTheClock() async throws {
        let tooMany = HookServer.Reply(status: 429, headers: ["Retry-After": "5"])
        try await HookServer.with(replies: [.serverError, .serverError, .serverError, tooMany]) { server in
            let clock = ManualClock()
            let plugin = Self.plugin(server, clock: clock) {
                $0.backoff = Options.Backoff()
                $0.retries = 4
            }
            try await plugin.finish(SampleRun.oneFailed)
            #expect(await server.requests.count == 5)
            #expect(clock.now == .milliseconds(3500) + .seconds(5))
        }
    }

    @Test("a Slack webhook gets a text message")
    func slack() async throws {
        try await HookServer.with { server in
            try await Self.plugin(server) { $0.format = .slack }.finish(SampleRun.oneFailed)
            let body = try Self.json(try #require(await server.requests.first))
            #expect(Set(body.keys) == ["text"])
            #expect((body["text"] as? String)?.hasPrefix(":x: Parley run failed: 1 passed, 1 failed") == true)
        }
    }

    @Test("a refused connection is retried, then reported")
    func refusedConnection() async throws {
        let closedPort = try await HookServer.with { $0.port }
        let options = Options(url: "http://127.0.0.1:\(closedPort)/hook", retries: 1, timeout: .milliseconds(300), backoff: Self.quick)
        await #expect {
            try await WebhookPlugin(options: options).finish(SampleRun.oneFailed)
        } throws: { error in
            "\(error)" == "POST http://127.0.0.1:\(closedPort)/hook failed after 2 attempts: connection refused"
        }
    }
}
