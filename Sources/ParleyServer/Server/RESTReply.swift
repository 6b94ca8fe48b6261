import HTTPTypes
import Hummingbird
import NIOCore
import ParleyModel

/// What the PolyAI and CometChat REST responders share: JSON answers and header reads.
enum RESTReply {
    /// `value` as the body, `Content-Type: application/json`.
    static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: value.serialized())))
    }

    /// The header `name` of `request`; nil when it is missing or empty.
    static func header(_ request: Request, _ name: String) -> String? {
        guard let field = HTTPField.Name(name), let value = request.headers[field], !value.isEmpty else { return nil }
        return value
    }
}
