import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ParleyCore
import ParleyModel
import ParleySimulator

/// Answers every path: `POST` a RunAgentInput and get the run as an SSE stream; anything else is
/// told to POST. A bad body is refused with 422 before any stream starts.
struct AGUIResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let player: RunPlayer
    let streamer: FrameStreamer
    let store: ThreadStore

    /// The largest body read; a history bigger than this is not a simulator's job.
    static let maximumBody = 16 << 20

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .post else {
            return Self.text(
                .methodNotAllowed, "parley serve speaks AG-UI: POST a RunAgentInput (JSON) to this URL and read the events as SSE.\n",
                extra: [.allow: "POST"])
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumBody)
        } catch {
            return Self.text(.contentTooLarge, "the request body is over \(Self.maximumBody >> 20) MB\n")
        }
        let input: RunAgentInput
        do {
            input = try RunAgentInput(body: Data(body.readableBytesView))
        } catch {
            return Self.json(.unprocessableContent, .object([JSONMember("error", .string(error.message))]))
        }
        let (player, streamer, store) = (self.player, self.streamer, self.store)
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                // The thread is held until the stream ends, so runs on one thread take turns.
                var record = await store.acquire(input.threadID)
                let frames = player.frames(for: input, record: &record)
                do {
                    try await streamer.stream(frames, to: &writer)
                } catch {
                    await store.release(input.threadID, record)
                    throw error
                }
                await store.release(input.threadID, record)
            })
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: value.serialized() + "\n")))
    }
}
