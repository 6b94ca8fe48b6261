import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// A connector's request, made once: its URL parsed and its headers set. Each run copies it and
/// adds its body, where making it anew parsed the URL on every turn (issue 20).
struct RequestTemplate: Sendable {
    /// The request, or why the settings make none (a URL AsyncHTTPClient refuses).
    private let request: Result<HTTPClient.Request, any Error>

    init(_ settings: AGUISettings) {
        request = Result {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Accept", value: "text/event-stream")
            for header in settings.headers { headers.replaceOrAdd(name: header.name, value: header.value) }
            return try HTTPClient.Request(url: settings.url, method: .POST, headers: headers)
        }
    }

    /// The request with `body`; throws what making it threw.
    func request(body: String) throws -> HTTPClient.Request {
        var request = try request.get()
        request.body = .byteBuffer(ByteBuffer(string: body))
        return request
    }
}
