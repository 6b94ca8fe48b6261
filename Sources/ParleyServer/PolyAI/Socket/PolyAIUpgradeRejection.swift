import NIOCore
import NIOHTTP1
import ParleyModel

/// Refuses a WebSocket upgrade with a status of our choosing (401 for a token, 404 for a session)
/// and a PolyAI error body. Hummingbird answers every refused upgrade with 400 and closes the
/// connection; our answer goes first and says `connection: close`, so a client reads ours and
/// stops there.
enum PolyAIUpgradeRejection {
    /// Why an upgrade is refused.
    enum Reason: Sendable {
        case notFound(String)
        case unauthorized(String)

        var status: HTTPResponseStatus {
            switch self {
            case .notFound: return .notFound
            case .unauthorized: return .unauthorized
            }
        }

        var message: String {
            switch self {
            case .notFound(let message), .unauthorized(let message): return message
            }
        }
    }

    /// Writes the refusal on `channel` (still speaking HTTP/1).
    static func send(_ reason: Reason, on channel: any Channel) async {
        let body = ByteBuffer(string: JSONValue.object([JSONMember("message", .string(reason.message))]).serialized())
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json")
        headers.add(name: "content-length", value: "\(body.readableBytes)")
        headers.add(name: "connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: reason.status, headers: headers)
        do {
            channel.write(HTTPServerResponsePart.head(head), promise: nil)
            channel.write(HTTPServerResponsePart.body(.byteBuffer(body)), promise: nil)
            try await channel.writeAndFlush(HTTPServerResponsePart.end(nil))
        } catch {
            // The client went away first: nobody to refuse.
        }
    }
}
