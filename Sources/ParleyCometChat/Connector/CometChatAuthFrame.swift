import ParleyModel

/// The socket's first frame as the SDK sends it (protocols/cometchat-sdk.md §2.1): the JWT from
/// `PUT /me` in `body.auth`, the resource as `deviceId`, and the SDK's `params`. No presence
/// subscription (the SDK leaves it out for NONE).
enum CometChatAuthFrame {
    static func text(appID: String, jwt: String, deviceID: String) -> String {
        let appInfo = JSONValue.object([
            JSONMember("version", "1"), JSONMember("apiVersion", "v3.0"), JSONMember("resource", .string(deviceID)),
            JSONMember("platform", .string(CometChatRestClient.clientName)), JSONMember("language", "en"),
        ])
        let params = JSONValue.object([
            JSONMember("platform", .string(CometChatRestClient.clientName)), JSONMember("userAgent", .string(CometChatRestClient.clientName)),
            JSONMember("deviceId", .string(deviceID)), JSONMember("appInfo", appInfo),
        ])
        let body = JSONValue.object([JSONMember("auth", .string(jwt)), JSONMember("deviceId", .string(deviceID)), JSONMember("params", params)])
        return JSONValue.object([
            JSONMember("appId", .string(appID)), JSONMember("type", "auth"), JSONMember("deviceId", .string(deviceID)), JSONMember("body", body),
        ]).serialized()
    }
}
