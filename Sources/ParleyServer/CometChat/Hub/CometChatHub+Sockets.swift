import Logging
import ParleyCore
import ParleyModel

/// The realtime half: authenticating sockets, keep-alive, and sending frames to users' sockets.
extension CometChatHub {
    /// Acts on one text frame from `connection`: before auth only the auth frame is taken.
    func receive(_ text: String, from connection: WebSocketConnection) {
        let user = socketUsers[ObjectIdentifier(connection)]
        switch CometChatClientFrame(text: text) {
        case .auth(let appID, let token):
            authenticate(connection, appID: appID, token: token)
        case .ping:
            guard user != nil else { return refuseUnauthenticated(connection) }
            if pingsToIgnore > 0 {
                // A test's dead socket: no pong, so the client gives the socket up.
                pingsToIgnore -= 1
                return logger.info("ping of \(user ?? "") left unanswered")
            }
            connection.send(.text(JSONValue.object([JSONMember("action", "pong")]).serialized()))
        case .other, .invalid:
            // After auth the server ignores what it does not serve (typing, receipts…).
            guard user != nil else { return refuseUnauthenticated(connection) }
        }
    }

    /// A binary frame: CometChat is text frames only; before auth it ends the socket like any other frame.
    func receiveBinary(from connection: WebSocketConnection) {
        guard socketUsers[ObjectIdentifier(connection)] != nil else { return refuseUnauthenticated(connection) }
    }

    /// Forgets `connection` (its socket closed).
    func detach(_ connection: WebSocketConnection) {
        guard let user = socketUsers.removeValue(forKey: ObjectIdentifier(connection)) else { return }
        sockets[user]?.removeAll { $0 === connection }
        logger.info("socket of \(user) closed")
    }

    /// Takes the auth frame: `body.auth` must be a JWT `PUT /v3.0/me` issued (as CometChat's
    /// socket takes the SDK's). The answer's `code` is a string, as the JavaScript SDK compares it.
    private func authenticate(_ connection: WebSocketConnection, appID: String?, token: String?) {
        let user = token.flatMap { jwts[$0] }
        let why: String?
        if appID != options.appID {
            why = "appId '\(appID ?? "")' is not this app's (\(options.appID))"
        } else if token == nil {
            why = "the auth frame has no body.auth JWT"
        } else if user == nil {
            why = token.flatMap { tokens[$0] } != nil
                ? "body.auth is an auth token; the socket takes the JWT PUT /v3.0/me gives" : "body.auth is not a JWT this server issued"
        } else {
            why = nil
        }
        guard let user, why == nil else {
            logger.info("socket refused: \(why ?? "")")
            let body = JSONValue.object([JSONMember("code", "401"), JSONMember("status", "ERROR"), JSONMember("message", .string(why ?? ""))])
            connection.send(.text(JSONValue.object([JSONMember("type", "auth"), JSONMember("body", body)]).serialized()))
            connection.send(.close(code: 1008, reason: "authentication failed"))
            return
        }
        if let until = downUntil[user], clock.now < until {
            // A scripted outage: the user's sockets drop until it is over.
            connection.send(.drop)
            return
        }
        let key = ObjectIdentifier(connection)
        if let previous = socketUsers[key], previous != user { sockets[previous]?.removeAll { $0 === connection } }
        if socketUsers[key] != user { sockets[user, default: []].append(connection) }
        socketUsers[key] = user
        use(user: user)
        logger.info("socket of \(user) authenticated")
        let body = JSONValue.object([JSONMember("code", "200"), JSONMember("status", "OK")])
        connection.send(.text(JSONValue.object([JSONMember("type", "auth"), JSONMember("body", body)]).serialized()))
    }

    private func refuseUnauthenticated(_ connection: WebSocketConnection) {
        logger.info("socket closed: a frame before the auth frame")
        connection.send(.close(code: 1008, reason: "send the auth frame first"))
    }

    /// Sends `frame` to every authenticated socket of `user`; a close or drop ends them.
    func send(_ frame: WebSocketFrame, toUser user: String) {
        for connection in sockets[user] ?? [] {
            connection.send(frame)
            if frame.endsSocket {
                socketUsers[ObjectIdentifier(connection)] = nil
                sockets[user]?.removeAll { $0 === connection }
            }
        }
    }
}
