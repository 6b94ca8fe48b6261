/// `host:port` where `parley monitor` serves `/metrics`, `/healthz` and its status page.
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    /// 0 asks for any free port.
    public var port: Int

    /// The address parley monitor listens on when nothing says otherwise: loopback only.
    public static let standard = ListenAddress(host: "127.0.0.1", port: 9464)

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `host:port` (an IPv6 host in brackets: `[::1]:9464`); nil when it is not one.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(" "), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
