/// A scripted REST failure: the first `count` requests to `endpoint` get `status` instead of an
/// answer, so a client's retry ladder (429 after `Retry-After`, 5xx a second apart, other 4xx
/// at once) can be tested.
public struct PolyAIRestFault: Hashable, Sendable {
    /// The two REST endpoints of the handshake.
    public enum Endpoint: String, Hashable, Sendable, CaseIterable {
        /// `POST /api/v1/access-token`.
        case accessToken = "access-token"
        /// `POST /api/v1/sessions`.
        case sessions
    }

    /// Which endpoint fails.
    public var endpoint: Endpoint
    /// The HTTP status it answers with (429 carries `Retry-After: 1`).
    public var status: Int
    /// How many requests fail; the ones after are served.
    public var count: Int

    /// Creates a fault.
    public init(endpoint: Endpoint, status: Int, count: Int = 1) {
        self.endpoint = endpoint
        self.status = status
        self.count = count
    }

    /// Reads `ENDPOINT:STATUS[:COUNT]` (`access-token:429`, `sessions:503:2`); nil when it is not one.
    public init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (2...3).contains(parts.count), let endpoint = Endpoint(rawValue: parts[0]), let status = Int(parts[1]),
            (400...599).contains(status)
        else { return nil }
        let count = parts.count == 3 ? Int(parts[2]) : 1
        guard let count, count >= 1 else { return nil }
        self.init(endpoint: endpoint, status: status, count: count)
    }
}
