import Foundation
import Hummingbird
import ParleyCore
import ParleyModel

/// Records every request in the log before it is answered: its body is read once here and
/// stays readable for the handler.
struct CometChatRecorder<Context: RequestContext>: RouterMiddleware {
    let log: CometChatRequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        let bytes = try await request.collectBody(upTo: CometChatRestResponder.maximumBody)
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        let body = bytes.readableBytes == 0 ? nil : try? JSONValue(parsing: Data(bytes.readableBytesView))
        await log.record(CometChatRecordedRequest(method: request.method.rawValue, path: request.uri.path, headers: headers, body: body))
        return try await next(request, context)
    }
}
