import HTTPTypes
import Hummingbird

/// Refuses a request without the bot's token in X-Bot-Token (when the bot has one).
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let token, request.headers[HTTPField.Name("X-Bot-Token")!] != token {
            throw HTTPError(.unauthorized, message: "missing or wrong X-Bot-Token")
        }
        return try await next(request, context)
    }
}
