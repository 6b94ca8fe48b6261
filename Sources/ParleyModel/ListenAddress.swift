/// `host:port` where `parley monitor` serves `/metrics`, `/healthz` and its status page.
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    /// 0 asks for any free port.
    public var port: Int

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `host:port` (an IPv6 host in brackets: `[::1]:9464`); nil when it is not one.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portText), (0...65535).contains(port)
        else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 {
            host = String(host.dropFirst().dropLast())
        } else if host.contains(":") || host.contains("[") || host.contains("]") {
            // An IPv6 address needs its brackets, or its last group would read as the port.
            return nil
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "\t" || $0 == "/" }) else { return nil }
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
