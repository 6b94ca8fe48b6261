import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel

/// The client API as the SDK calls it after `auth_tokens` (protocols/cometchat-sdk.md §1.2): the
/// login (`PUT /me`) and the app's settings (`GET /settings`), with the user's auth token.
/// Failures name the step and never hold the token or the JWT.
extension CometChatRestClient {
    /// What the SDK sends as `sdk` and `userAgent`.
    static let clientName = "parley"

    /// `PUT {client api}/me`: the current user, `data` with `jwt`, `wsChannel` and usually `settings`.
    /// The body is the SDK's form: `platform`, `userAgent`, `deviceId` and `appInfo` (JSON).
    func me(authToken: String, deviceID: String) async throws(ConnectorError) -> JSONValue {
        let appInfo = JSONValue.object([
            JSONMember("resource", .string(deviceID)), JSONMember("platform", .string(Self.clientName)),
            JSONMember("language", "en"), JSONMember("apiVersion", "v3.0"),
        ])
        let form = [("platform", Self.clientName), ("userAgent", Self.clientName), ("deviceId", deviceID), ("appInfo", appInfo.serialized())]
        let encoded = form.map { "\(Self.formEscape($0.0))=\(Self.formEscape($0.1))" }.joined(separator: "&")
        let formType = "application/x-www-form-urlencoded"
        let answer = try await clientAPI(.PUT, "/me", authToken: authToken, deviceID: deviceID, contentType: formType, body: ByteBuffer(string: encoded))
        guard let data = answer["data"], case .object = data else {
            throw ConnectorError("CometChat's PUT \(shownPath("/me")) answered without data: \(Self.keys(of: answer))")
        }
        return data
    }

    /// `GET {client api}/settings`: the app's settings (`data`), for a `/me` answer without them.
    func appSettings(authToken: String, deviceID: String) async throws(ConnectorError) -> JSONValue {
        let answer = try await clientAPI(.GET, "/settings", authToken: authToken, deviceID: deviceID, contentType: nil, body: nil)
        guard let data = answer["data"], case .object = data else {
            throw ConnectorError("CometChat's GET \(shownPath("/settings")) answered without data: \(Self.keys(of: answer))")
        }
        return data
    }

    /// A client API path as failures show it: `/v3.0/me`.
    func shownPath(_ path: String) -> String {
        (URLComponents(string: settings.clientAPIBase)?.path ?? "") + path
    }

    /// One client API request with the SDK's headers: `appid`, `authToken`, `sdk`, `resource`.
    private func clientAPI(
        _ method: HTTPMethod, _ path: String, authToken: String, deviceID: String, contentType: String?, body: ByteBuffer?
    ) async throws(ConnectorError) -> JSONValue {
        var headers = [
            ("appid", settings.appID), ("authToken", authToken), ("sdk", "\(Self.clientName)@1"), ("resource", deviceID),
            ("Accept", "application/json"),
        ]
        if let contentType { headers.append(("Content-Type", contentType)) }
        return try await exchange(method, url: settings.clientAPIBase + path, shown: shownPath(path), headers: headers, body: body)
    }

    /// The member names of an answer, never its values (they may hold the auth token or the JWT).
    static func keys(of answer: JSONValue) -> String {
        func names(_ value: JSONValue) -> [String] {
            guard case .object(let members) = value else { return [] }
            return members.map(\.key)
        }
        let top = names(answer)
        let data = answer["data"].map(names) ?? []
        let shown = top.map { $0 == "data" && !data.isEmpty ? "data {\(data.joined(separator: ", "))}" : $0 }
        return shown.isEmpty ? "an empty object" : "an object with " + shown.joined(separator: ", ")
    }

    static func formEscape(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
