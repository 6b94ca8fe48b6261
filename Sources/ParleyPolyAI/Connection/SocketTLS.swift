import Foundation
import NIOSSL

/// The TLS context of a connector's `wss` sockets, made on the first one and shared by every
/// later socket. Made per socket, it loaded the system's trust roots for each connection and
/// reconnect: thousands of conversations would each hold a copy.
final class SocketTLS: @unchecked Sendable {
    private let configuration: TLSConfiguration
    private let lock = NSLock()
    private var made: NIOSSLContext?

    /// The system's trust roots and full verification by default; tests name their own roots.
    init(configuration: TLSConfiguration = .makeClientConfiguration()) {
        self.configuration = configuration
    }

    /// The context, made now when no socket has needed it yet.
    func context() throws -> NIOSSLContext {
        try lock.withLock {
            if let made { return made }
            let context = try NIOSSLContext(configuration: configuration)
            made = context
            return context
        }
    }
}
