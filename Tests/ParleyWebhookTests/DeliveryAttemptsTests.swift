import ParleyCore
import ParleyHTTP
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
        #expect(attempts.receive(failure) == .giveUp(.init(attempts: 4, reason: "500 Internal Server Error", cause: .receiver)))
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
        #expect(attempts.receive(answer) == .giveUp(.init(attempts: 1, reason: "\(status) Nope", cause: .receiver)))
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
        #expect(attempts.receive(.transportFailed(reason: "deadline exceeded")) == .giveUp(.init(attempts: 1, reason: "deadline exceeded", cause: .receiver)))
    }

    @Test("once the run has ended, a retry whose wait reaches the flush deadline is not waited for")
    func retryPastTheDeadline() {
        var attempts = DeliveryAttempts(retries: 100, backoff: Backoff())
        let tooMany = DeliveryAttempts.Result.answered(status: 429, reason: "Too Many Requests", retryAfter: .seconds(60))
        #expect(
            attempts.receive(tooMany, timeLeft: .seconds(10))
                == .giveUp(.init(attempts: 1, reason: "429 Too Many Requests; Retry-After 60s is past the flush deadline", cause: .deadline)))
        var backingOff = DeliveryAttempts(retries: 100, backoff: Backoff())
        let error = DeliveryAttempts.Result.answered(status: 500, reason: "Internal Server Error", retryAfter: nil)
        #expect(backingOff.receive(error, timeLeft: .seconds(1)) == .retry(after: .milliseconds(500)))
        #expect(
            backingOff.receive(error, timeLeft: .milliseconds(400))
                == .giveUp(.init(attempts: 2, reason: "500 Internal Server Error; the retry in 1s is past the flush deadline", cause: .deadline)))
    }

    @Test("while flows run there is no deadline: a long Retry-After is waited for")
    func noDeadlineWhileRunning() {
        var attempts = DeliveryAttempts(retries: 1, backoff: Backoff())
        let tooMany = DeliveryAttempts.Result.answered(status: 429, reason: "Too Many Requests", retryAfter: .seconds(60))
        #expect(attempts.receive(tooMany) == .retry(after: .seconds(60)))
    }

    @Test("the flush stopping a delivery says when: mid-attempt, between attempts, before its turn, or Ctrl-C")
    func stopped() {
        var midAttempt = DeliveryAttempts(retries: 3, backoff: Backoff())
        #expect(midAttempt.stopped(.deadline, midAttempt: true) == .giveUp(.init(attempts: 1, reason: "no answer by the flush deadline", cause: .deadline)))
        var neverSent = DeliveryAttempts(retries: 3, backoff: Backoff())
        #expect(
            neverSent.stopped(.deadline, midAttempt: false)
                == .giveUp(.init(attempts: 0, reason: "the flush deadline passed before its turn", cause: .deadline)))
        var between = DeliveryAttempts(retries: 3, backoff: Backoff())
        _ = between.receive(.transportFailed(reason: "connection refused"))
        #expect(
            between.stopped(.interrupted, midAttempt: false)
                == .giveUp(.init(attempts: 1, reason: "connection refused; abandoned: the run was interrupted", cause: .interrupted)))
        var hanging = DeliveryAttempts(retries: 3, backoff: Backoff())
        #expect(
            hanging.stopped(.interrupted, midAttempt: true)
                == .giveUp(.init(attempts: 1, reason: "abandoned: the run was interrupted", cause: .interrupted)))
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
        #expect(HTTPFailureText.displayURL("https://user:pw@hooks.example.com/x?token=abc") == "https://hooks.example.com/x")
        #expect(HTTPFailureText.displayURL("http://127.0.0.1:8080/hook") == "http://127.0.0.1:8080/hook")
    }
}
