import Foundation

/// What to do with one REST answer (protocols/polyai-messaging.md §2.4): up to four attempts in
/// all; 429 waits `Retry-After` seconds (5 when missing, at most 30); 5xx and network errors wait
/// one second; any other 4xx fails at once. Pure, so every rule is a unit test.
public struct RestRetryPolicy: Sendable {
    /// Attempts in all, the first included.
    public var attempts = 4

    /// A policy with the SDK's numbers.
    public init() {}

    /// One attempt's result: a status (nil for a network error) and its `Retry-After` header.
    public enum Answer: Sendable, Hashable {
        case status(Int, retryAfter: String?)
        case networkError(String)
    }

    /// The decision after `attempt` (1-based).
    public enum Decision: Sendable, Hashable {
        case success
        case retry(after: Duration)
        /// Give up: `reason` reads as a sentence tail ("HTTP 503 after 4 attempts").
        case fail(reason: String, status: Int?)
    }

    /// Decides what follows `answer`, the result of attempt number `attempt`.
    public func decide(_ answer: Answer, attempt: Int) -> Decision {
        let last = attempt >= attempts
        switch answer {
        case .status(let code, _) where (200..<300).contains(code):
            return .success
        case .status(429, let retryAfter):
            if last { return .fail(reason: "HTTP 429 rate limited after \(attempts) attempts", status: 429) }
            return .retry(after: .seconds(Self.retryAfterSeconds(retryAfter)))
        case .status(let code, _) where (400..<500).contains(code):
            return .fail(reason: "HTTP \(code)", status: code)
        case .status(let code, _):
            if last { return .fail(reason: "HTTP \(code) after \(attempts) attempts", status: code) }
            return .retry(after: .seconds(1))
        case .networkError(let message):
            if last { return .fail(reason: "\(message) after \(attempts) attempts", status: nil) }
            return .retry(after: .seconds(1))
        }
    }

    /// `Retry-After` as whole seconds: numeric only, 5 when missing or unreadable, capped at 30.
    static func retryAfterSeconds(_ header: String?) -> Int {
        guard let header, let seconds = Int(header.trimmingCharacters(in: .whitespaces)), seconds >= 0 else { return 5 }
        return min(seconds, 30)
    }
}
