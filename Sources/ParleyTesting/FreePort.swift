import Foundation

/// A port of 127.0.0.1 nothing listens on now (bound to port 0, read, released): for a program
/// that cannot report the port it took, like Prometheus.
public enum FreePort {
    /// A port of 127.0.0.1 that was free a moment ago.
    public static func take() throws -> Int {
        try RefusingPort().port
    }
}
