import Foundation
import NIOCore
import NIOPosix
import ParleyCore

/// What a peer that does not speak HTTP says. The HTTP client reports only that it could not
/// parse the answer, so the address is asked once more over plain TCP and the first bytes kept:
/// `SSH-2.0-OpenSSH_9.6\r\n` names the mistake at once.
enum RawAnswerProbe {
    /// The first bytes (at most `ByteExcerpt.limit` and a little) the peer at `url` sends after a
    /// GET; nil when nothing came within `timeout` on `clock` (the run's) or the URL is not plain
    /// `http://`.
    static func firstBytes(of url: String, timeout: Duration, clock: any MonotonicClock) async -> [UInt8]? {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http", let host = components.host else {
            return nil
        }
        let port = components.port ?? 80
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(2))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
                }
            return try await channel.executeThenClose { inbound, outbound in
                // A peer that talks first (SSH) has already written; one that waits gets a request.
                try? await outbound.write(ByteBuffer(string: request))
                return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
                    group.addTask {
                        var bytes: [UInt8] = []
                        for try await chunk in inbound {
                            bytes += chunk.readableBytesView
                            if bytes.count > ByteExcerpt.limit { break }
                        }
                        return bytes.isEmpty ? nil : bytes
                    }
                    group.addTask {
                        try await clock.sleep(for: timeout)
                        return nil
                    }
                    defer { group.cancelAll() }
                    return try await group.next() ?? nil
                }
            }
        } catch {
            return nil
        }
    }
}
