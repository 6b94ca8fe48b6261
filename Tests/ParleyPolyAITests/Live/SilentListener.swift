import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket listening on 127.0.0.1 that never accepts: connections complete in the kernel's
/// backlog and nothing is ever answered, a WebSocket upgrade that hangs.
struct SilentListener {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    private let descriptor: Int32

    init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            Self.close(descriptor)
            throw Failure(description: "bind or listen: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        Self.close(descriptor)
    }

    /// Whether a client connected (a connection waits in the backlog) within `timeout`; looks
    /// every 10 ms without blocking a thread of the pool meanwhile.
    func awaitConnection(timeout: Duration) async throws -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 0) == 1 { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Accepts the waiting connection and reads it (the upgrade request) until the client closes
    /// it: true when it did within `timeout`, false when it is still open then.
    func clientCloses(within timeout: Duration) -> Bool {
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { return false }
        defer { Self.close(connection) }
        let end = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < end {
            var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) == 1 else { continue }
            // 0: the client closed; below 0: it reset the connection, closed too.
            if read(connection, &buffer, buffer.count) <= 0 { return true }
        }
        return false
    }

    private static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }
}
