import ParleyModel
import ParleyWebhook
import Testing

@Suite("webhook options")
struct WebhookOptionsTests {
    typealias Options = WebhookPlugin.Options

    @Test("only url is required; the rest default to failure, per run, json, 3 retries")
    func defaults() throws {
        let options = try Options.parse(["url": "https://hooks.example.com/parley"])
        #expect(options == Options(url: "https://hooks.example.com/parley"))
        #expect(options.on == [.failure])
        #expect(options.per == .run)
        #expect(options.format == .json)
        #expect(options.retries == 3)
        #expect(options.secret == nil)
        #expect(options.headers.isEmpty)
        #expect(options.backoff == Options.Backoff(initial: .milliseconds(500), factor: 2, maximum: .seconds(8)))
        #expect(options.flush == .seconds(10))
        #expect(options.timeout == .seconds(10))
        #expect(options.concurrency == 4)
    }

    @Test("every setting is read")
    func everySetting() throws {
        let options = try Options.parse([
            "url": "http://127.0.0.1:9000/hook", "on": ["failure", "success"], "per": "flow", "secret": "k3y",
            "format": "slack", "retries": 5, "headers": .object([JSONMember("Authorization", "Bearer t")]), "flush": "1m30s",
            "timeout": "2m",
        ])
        #expect(options.flush == .seconds(90))
        #expect(options.timeout == .seconds(120))
        #expect(options.on == [.failure, .success])
        #expect(options.per == .flow)
        #expect(options.secret == "k3y")
        #expect(options.format == .slack)
        #expect(options.retries == 5)
        #expect(options.headers == ["Authorization": "Bearer t"])
    }

    @Test("on accepts a single word and always")
    func singleTrigger() throws {
        #expect(try Options.parse(["url": "http://h/x", "on": "always"]).on == [.always])
        #expect(try Options.parse(["url": "http://h/x", "retries": "0"]).retries == 0)
    }

    @Test(
        "wrong values say which key and what was expected",
        arguments: [
            ([:], "webhook: url: required"),
            (["url": "ftp://example.com/x"], "webhook: url: expected an http or https URL; got \"ftp://example.com/x\""),
            (["url": "not a url"], "webhook: url: expected an http or https URL; got \"not a url\""),
            (["url": 3], "webhook: url: expected a URL; got 3"),
            (["url": "http://h/x", "on": ["sometimes"]], "webhook: on: expected failure, success or always; got \"sometimes\""),
            (["url": "http://h/x", "on": []], "webhook: on: expected at least one of failure, success or always"),
            (["url": "http://h/x", "per": "step"], "webhook: per: expected flow or run; got \"step\""),
            (["url": "http://h/x", "format": "xml"], "webhook: format: expected json or slack; got \"xml\""),
            (["url": "http://h/x", "retries": -1], "webhook: retries: expected a whole number from 0 to 100; got -1"),
            (["url": "http://h/x", "retries": .number(1.5)], "webhook: retries: expected a whole number from 0 to 100; got 1.5"),
            (["url": "http://h/x", "secret": ""], "webhook: secret: is empty; unset it or give the HMAC key"),
            (["url": "http://h/x", "flush": "0s"], "webhook: flush: expected a duration from 1ms to 10m, like 10s or 1m; got \"0s\""),
            (["url": "http://h/x", "flush": "11m"], "webhook: flush: expected a duration from 1ms to 10m, like 10s or 1m; got \"11m\""),
            (["url": "http://h/x", "flush": 10], "webhook: flush: expected a duration from 1ms to 10m, like 10s or 1m; got 10"),
            (["url": "http://h/x", "timeout": "0s"], "webhook: timeout: expected a duration from 1ms to 10m, like 10s or 1m; got \"0s\""),
            (["url": "http://h/x", "timeout": "soon"], "webhook: timeout: expected a duration from 1ms to 10m, like 10s or 1m; got \"soon\""),
            (["url": "http://h/x", "headers": ["a"]], "webhook: headers: expected a map of header names to strings; got [ \"a\" ]"),
            (
                ["url": "http://h/x", "headers": .object([JSONMember("X-Parley-Signature", "forged")])],
                "webhook: headers: X-Parley-Signature is set by the webhook itself"
            ),
            (
                ["url": "http://h/x", "retry": 2],
                "webhook: retry: unknown setting; expected one of url, on, per, secret, format, retries, headers, timeout, flush"
            ),
        ] as [([String: JSONValue], String)]
    )
    func wrongValues(settings: [String: JSONValue], message: String) {
        #expect {
            try Options.parse(settings)
        } throws: { error in
            "\(error)" == message && (error as? WebhookError)?.isSettingError == true
        }
    }

    @Test("a header value a header cannot carry is refused without showing it")
    func headerBreakingValue() {
        #expect {
            try Options.parse(["url": "http://h/x", "headers": .object([JSONMember("Authorization", "Bearer c4n4ry\nX-Evil: 1")])])
        } throws: { error in
            "\(error)" == "webhook: headers: Authorization holds a line break, which a header cannot carry (the value is not shown)"
        }
    }

    @Test("printing options masks the secret")
    func descriptionMasksSecret() throws {
        let options = try Options.parse(["url": "http://h/x", "secret": "canary-4711"])
        #expect(!"\(options)".contains("canary-4711"))
        #expect(!String(reflecting: options).contains("canary-4711"))
    }

    @Test("the keys parse reads are the ones parley.yaml allows")
    func keysMatchTheModel() {
        #expect(Set(Options.settingKeys) == Set(Catalog.builtIn.plugin("webhook")!.keys))
    }
}
