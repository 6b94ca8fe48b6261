import Testing

@testable import ParleyWebhook

@Suite("delivery attempts")
struct DeliveryAttemptsTests {
    typealias Backoff = WebhookPlugin.Options.Backoff

    @Test("the default backoff doubles from 0.5s and stops growing at 8s")
    func defaultBackoff() {
        let backoff = Backoff()
        let expected: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8), .seconds(8)]
        #expect((1...7).map(backoff.delay(beforeRetry:)) == expected)
    }

    @Test("jitter only shortens, by at most its fraction")
    func jitter() {
        let backoff = Backoff(jitter: 0.5)
        #expect(backoff.jittered(.seconds(2), unit: 0) == .seconds(2))
        #expect(backoff.jittered(.seconds(2), unit: 0.5) == .milliseconds(1500))
        #expect(backoff.jittered(.seconds(2), unit: 0.999) > .seconds(1))
        #expect(Backoff().jittered(.seconds(2), unit: 0.9) == .seconds(2))
    }

    @Test("5xx answers retry with growing waits until the retries run out")
    func serverErrorsRetry() {
        var attempts = DeliveryAttempts(retries: 3, backoff: Backoff())
        let failure = DeliveryAttempts.Result.answered(status: 500, reason: "Internal Server Error", retryAfter: nil)
        #expect(attempts.receive(failure) == .retry(after: .milliseconds(500)))
        #expect(attempts.receive(failure) == .retry(after: .seconds(1)))
        #expect(attempts.receive(failure) == .retry(after: .seconds(2)))
        #expect(attempts.receive(failure) == .giveUp(attempts: 4, reason: "500 Internal Server Error"))
    }

    @Test("a 2xx after failures is delivered")
    func successAfterFailures() {
        var attempts = DeliveryAttempts(retries: 3, backoff: Backoff())
        #expect(attempts.receive(.transportFailed(reason: "connection refused")) == .retry(after: .milliseconds(500)))
        #expect(attempts.receive(.answered(status: 204, reason: "No Content", retryAfter: nil)) == .delivered)
        #expect(attempts.attempts == 2)
    }

    @Test("a 4xx other than 429 gives up at once", arguments: [400, 401, 404, 410, 422])
    func clientErrorsDoNotRetry(status: Int) {
        var attempts = DeliveryAttempts(retries: 3, backoff: Backoff())
        let answer = DeliveryAttempts.Result.answered(status: status, reason: "Nope", retryAfter: .seconds(1))
        #expect(attempts.receive(answer) == .giveUp(attempts: 1, reason: "\(status) Nope"))
    }

    @Test("a 429 waits its Retry-After, capped, or the backoff when it sends none")
    func tooManyRequests() {
        var attempts = DeliveryAttempts(retries: 5, backoff: Backoff(jitter: 1, maximumRetryAfter: .seconds(30)))
        func tooMany(_ after: Duration?) -> DeliveryAttempts.Result {
            .answered(status: 429, reason: "Too Many Requests", retryAfter: after)
        }
        #expect(attempts.receive(tooMany(.seconds(3)), jitterUnit: 0.5) == .retry(after: .seconds(3)))
        #expect(attempts.receive(tooMany(.seconds(600)), jitterUnit: 0.5) == .retry(after: .seconds(30)))
        #expect(attempts.receive(tooMany(nil), jitterUnit: 0.5) == .retry(after: .seconds(1)))
    }

    @Test("no retries means one attempt")
    func noRetries() {
        var attempts = DeliveryAttempts(retries: 0, backoff: Backoff())
        #expect(attempts.receive(.transportFailed(reason: "deadline exceeded")) == .giveUp(attempts: 1, reason: "deadline exceeded"))
    }

    @Test("Retry-After is read in whole seconds; dates are ignored")
    func retryAfterHeader() {
        #expect(WebhookSender.retryAfter("7") == .seconds(7))
        #expect(WebhookSender.retryAfter(" 0 ") == .zero)
        #expect(WebhookSender.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT") == nil)
        #expect(WebhookSender.retryAfter("-1") == nil)
    }

    @Test("URLs in messages lose credentials and queries")
    func displayURL() {
        #expect(WebhookSender.displayURL("https://user:pw@hooks.example.com/x?token=abc") == "https://hooks.example.com/x")
        #expect(WebhookSender.displayURL("http://127.0.0.1:8080/hook") == "http://127.0.0.1:8080/hook")
    }
}
