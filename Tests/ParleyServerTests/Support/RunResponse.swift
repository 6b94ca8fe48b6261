import Foundation
import ParleyAGUI

/// One run's HTTP response as a client saw it: the status, the body so far, and how it ended.
struct RunResponse: Sendable {
    var status: UInt
    var contentType: String?
    /// The body as received, up to where it ended or broke.
    var body: String
    /// Why reading the body failed (a dropped connection), or nil when it ended cleanly.
    var streamError: String?
    /// When each chunk of the body arrived, with its text.
    var chunks: [(at: ContinuousClock.Instant, text: String)]
    /// When the request went out.
    var sent: ContinuousClock.Instant

    /// The `data:` payload of every frame, in order.
    var data: [String] {
        body.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { frame in
            frame.hasPrefix("data: ") ? String(frame.dropFirst(6)) : frame
        }
    }

    /// The frames as events; fails the caller's expectation when one is not JSON.
    func events() throws -> [AGUIEvent] {
        try data.map { try AGUIEvent(data: $0) }
    }

    /// The event types, in order.
    func types() throws -> [String] {
        try events().map(\.type)
    }

    /// When the first chunk containing `text` arrived.
    func arrival(of text: String) -> ContinuousClock.Instant? {
        chunks.first { $0.text.contains(text) }?.at
    }
}
