import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyModel

/// Learns how a server answered a WebSocket upgrade it declined. The WebSocket client says only
/// "upgrade failed" and keeps the response to itself, so the same upgrade request is sent once
/// more over plain HTTP and its status read: `404 Not Found` says the URL is wrong, `401
/// Unauthorized` that the credentials are. The PolyAI and CometChat connectors share it.
public enum WebSocketUpgradeProbe {
    /// `"404 Not Found"`, or nil when the second request got no answer either.
    public static func status(of url: String, timeout: Duration) async -> String? {
        guard var components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else { return nil }
        components.scheme = scheme == "wss" ? "https" : scheme == "ws" ? "http" : scheme
        guard let target = components.string else { return nil }
        var request = HTTPClientRequest(url: target)
        request.method = .GET
        request.headers.add(name: "Connection", value: "Upgrade")
        request.headers.add(name: "Upgrade", value: "websocket")
        request.headers.add(name: "Sec-WebSocket-Version", value: "13")
        request.headers.add(name: "Sec-WebSocket-Key", value: Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString())
        // A client of its own, for this one request: the upgrade must go out on a new connection,
        // as the WebSocket client's did (a server upgrades only a connection's first request), and
        // the run's shared client would reuse one its REST calls left open.
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let status: String?
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(Int64(timeout.inSeconds * 1e9)))
            // The body is not needed; reading a little frees the connection.
            _ = try? await response.body.collect(upTo: 4096)
            status = "\(response.status.code) \(response.status.reasonPhrase)"
        } catch {
            status = nil
        }
        try? await client.shutdown()
        return status
    }

    /// How a declined upgrade reads in a reason: the status when the probe learned it.
    public static func declined(_ url: String, status: String?) -> String {
        guard let status else { return "the server at \(url) declined the WebSocket upgrade" }
        return "the WebSocket upgrade at \(url) was answered \(status)"
    }
}
