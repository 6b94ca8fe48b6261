import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// POSTs RunAgentInputs to a server and reads the whole streamed answer, the way an AG-UI client
/// does (ag-ui.md 1.1).
struct AGUITestClient: Sendable {
    let url: URL

    /// POSTs `body` (JSON text) and reads the response to its end or its break; `streaming` is
    /// called once the first chunk has arrived (the server has taken the run).
    func post(_ body: String, method: HTTPMethod = .POST, streaming: (@Sendable () -> Void)? = nil) async throws -> RunResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if method == .POST { request.body = .bytes(ByteBuffer(string: body)) }
        let clock = ContinuousClock()
        let sent = clock.now
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        var result = RunResponse(
            status: response.status.code, contentType: response.headers.first(name: "content-type"), body: "", streamError: nil, chunks: [],
            sent: sent)
        do {
            for try await chunk in response.body {
                let text = String(buffer: chunk)
                result.body += text
                result.chunks.append((clock.now, text))
                if result.chunks.count == 1 { streaming?() }
            }
        } catch {
            result.streamError = "\(error)"
        }
        return result
    }

    /// A run on `thread` with these messages (JSON objects) and extra top-level fields.
    func run(
        thread: String, run: String, messages: [String] = [], extra: String = "", streaming: (@Sendable () -> Void)? = nil
    ) async throws -> RunResponse {
        let more = extra.isEmpty ? "" : ",\(extra)"
        return try await post(
            #"{"threadId":"\#(thread)","runId":"\#(run)","state":{},"messages":[\#(messages.joined(separator: ","))],"tools":[],"context":[],"forwardedProps":{}\#(more)}"#,
            streaming: streaming
        )
    }
}
