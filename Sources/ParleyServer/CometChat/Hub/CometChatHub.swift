import Foundation
import Logging
import ParleyCore
import ParleyModel
import ParleySimulator

/// Everything one CometChat server knows: tokens, messages, groups, the authenticated sockets of
/// each user, and the conversations with the agent. Plays run in the pool, one lane per
/// conversation, and come back here to be given ids and sent to the sockets of everyone in the
/// conversation.
actor CometChatHub {
    let options: CometChatServerOptions
    let people: CometChatMessage.People
    let engine: ScriptEngine
    let clock: any MonotonicClock
    let pool: PolyAITaskPool
    /// Info lines for `parley serve --verbose`.
    let logger: Logger

    /// `http://host:port`, once listening: where injected actions post.
    var base = ""
    var nextID = 1
    /// Auth token → uid.
    var tokens: [String: String] = [:]
    /// JWT (from `PUT /v3.0/me`) → uid: what the socket's auth frame must carry.
    var jwts: [String: String] = [:]
    /// Pings still to leave unanswered (``CometChatServerOptions/unansweredPings``).
    var pingsToIgnore = 0
    /// Authenticated sockets by uid, and the uid of each.
    var sockets: [String: [WebSocketConnection]] = [:]
    var socketUsers: [ObjectIdentifier: String] = [:]
    /// Group guid → its members (users who sent to it), in the order they joined.
    var groups: [String: [String]] = [:]
    var messages: [Int: CometChatMessage] = [:]
    /// Conversation id → its message ids, in the order they were sent.
    var order: [String: [Int]] = [:]
    var conversations: [String: CometChatConversation] = [:]
    /// Message id → the latest `POST /actions` body about it.
    var actions: [Int: JSONValue] = [:]
    /// Users whose sockets a scripted outage keeps down, until this clock reading.
    var downUntil: [String: Duration] = [:]
    /// Conversations and users by last use, so idle ones are forgotten (issue 20).
    var keptConversations: RetentionLedger<String>
    var keptUsers: RetentionLedger<String>
    /// Uid → the auth tokens and JWTs issued to it, forgotten with the user.
    var credentials: [String: [String]] = [:]

    init(script: AgentScript, options: CometChatServerOptions, clock: any MonotonicClock, pool: PolyAITaskPool, logger: Logger) {
        self.options = options
        let name = options.agentName ?? script.agent.name
        people = CometChatMessage.People(agentUID: options.agentUID ?? CometChatServerOptions.agentUID(forName: name), agentName: name)
        engine = ScriptEngine(script: script)
        self.clock = clock
        self.pool = pool
        self.logger = logger
        pingsToIgnore = options.unansweredPings
        keptConversations = RetentionLedger(retention: options.retention)
        keptUsers = RetentionLedger(retention: options.retention)
    }

    var agentUID: String { people.agentUID }

    /// Where the server listens: `http://host:port/`.
    func listening(at url: URL) {
        base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
    }

    /// A new auth token for `uid` (any uid is a user).
    func issueToken(for uid: String) -> String {
        let token = "\(uid)_\(RandomID.hex())"
        tokens[token] = uid
        credentials[uid, default: []].append(token)
        use(user: uid)
        return token
    }

    /// The user an auth token was issued to, or nil (never issued, or its user forgotten).
    func user(ofToken token: String) -> String? {
        guard let uid = tokens[token] else { return nil }
        use(user: uid)
        return uid
    }

    /// A new JWT for the user of `token` (`PUT /v3.0/me`); the socket authenticates with it.
    func issueJWT(for uid: String) -> String {
        let jwt = "eyJ\(RandomID.hex()).\(RandomID.hex()).\(RandomID.hex())"
        jwts[jwt] = uid
        credentials[uid, default: []].append(jwt)
        use(user: uid)
        return jwt
    }

    /// The app's settings as `/v3.0/me` and `/v3.0/settings` give them: the socket on this server's
    /// host and port (`host`, the one the client reached, when the server listens on every address).
    func appSettings(requestHost: String?) -> JSONValue {
        let url = URLComponents(string: base)
        var host = url?.host ?? "127.0.0.1"
        if ["0.0.0.0", "::", ""].contains(host), let requestHost { host = requestHost }
        let port = String(url?.port ?? 80)
        return .object([
            JSONMember("CHAT_HOST", .string(host)), JSONMember("CHAT_WSS_PORT", .string(port)), JSONMember("CHAT_WS_PORT", .string(port)),
            JSONMember("CHAT_API_VERSION", "v3.0"), JSONMember("WS_API_VERSION", "v3.0"), JSONMember("REGION", .string(options.region)),
            JSONMember("MODE", "DEFAULT"), JSONMember("POLLING_ENABLED", false),
        ])
    }

    /// Keeps a text message from `user`, shows it to the others in its conversation, and queues
    /// the agent's answer when it went to the agent or a group. Returns its JSON.
    func send(_ request: CometChatSendRequest, from user: String) -> JSONValue {
        let conversationID = request.address.conversationID(from: user)
        use(user: user)
        use(conversation: conversationID)
        if case .group(let guid) = request.address, !(groups[guid] ?? []).contains(user) { groups[guid, default: []].append(user) }
        let now = Int(Date().timeIntervalSince1970)
        let message = CometChatMessage(
            id: newID(), muid: request.muid, conversationID: conversationID, sender: user, address: request.address, category: "message",
            type: "text", sentAt: now, updatedAt: now, data: .object([JSONMember("text", .string(request.text))]))
        keep(message)
        // Rendered only for someone with a socket open: a REST-only client reads it from the list.
        let listening = members(of: request.address, from: user).filter { $0 != user && !(sockets[$0] ?? []).isEmpty }
        if !listening.isEmpty {
            let frame = WebSocketFrame.text(messageFrame(message))
            for member in listening { send(frame, toUser: member) }
        }
        let agentAnswers: Bool
        switch request.address {
        case .user(let uid): agentAnswers = uid == agentUID
        case .group: agentAnswers = true
        }
        if agentAnswers, user != agentUID {
            let address: CometChatAddress
            switch request.address {
            case .user: address = .user(user)
            case .group: address = request.address
            }
            answer(.send(text: request.text), runID: message.id, in: conversationID, address: address, user: user)
        }
        return message.json(people)
    }

    /// The messages of a conversation, oldest first: all of them, or (as the REST API pages) at
    /// most `limit` after message `id` (`append`) or the last `limit` before it (`prepend`).
    func list(_ conversationID: String, page: CometChatListPage = CometChatListPage()) -> [JSONValue] {
        // Reading a conversation is using it; one never seen or forgotten is empty, as CometChat's is.
        if order[conversationID] != nil { use(conversation: conversationID) }
        return page.select(order[conversationID] ?? []).compactMap { messages[$0]?.json(people) }
    }

    /// Keeps a `POST /actions` body as the latest about the message its `data.messageId` names.
    func recordAction(_ body: JSONValue) {
        let named: Int?
        switch body["data"]?["messageId"] {
        case .number(let number)?: named = Int(exactly: number)
        case .string(let text)?: named = Int(text)
        case nil, .null?, .bool?, .array?, .object?: named = nil
        }
        guard let id = named else {
            logger.info("POST /actions names no data.messageId: kept nowhere")
            return
        }
        // Only for a message kept: bodies for others would be kept forever, and nothing reads them.
        guard messages[id] != nil else {
            logger.info("POST /actions for message \(id), which does not exist (or was forgotten): kept nowhere")
            return
        }
        actions[id] = body
        logger.info("POST /actions for message \(id)")
    }

    /// Plays the agent's answer to `action` in the conversation, created on first use.
    func answer(
        _ action: UserAction, runID: Int, in conversationID: String, address: CometChatAddress, user: String,
        completed: (messageID: Int, user: String)? = nil
    ) {
        if conversations[conversationID] == nil {
            let (jobs, lane) = AsyncStream.makeStream(of: CometChatPlayJob.self)
            conversations[conversationID] = CometChatConversation(
                address: address, state: ConversationState(threadID: conversationID), lane: lane, lastUser: user)
            pool.submit { await self.runPlays(conversationID, jobs: jobs) }
        }
        conversations[conversationID]?.lastUser = user
        guard var conversation = conversations[conversationID] else { return }
        let play = engine.respond(to: action, in: &conversation.state)
        conversations[conversationID] = conversation
        let encoder = CometChatPlayEncoder(actionsURL: base + "/actions")
        let items = encoder.encode(play, runID: runID, conversationID: conversationID)
        conversation.lane.yield(CometChatPlayJob(runID: runID, completed: completed, items: items))
    }

    func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    func keep(_ message: CometChatMessage) {
        messages[message.id] = message
        order[message.conversationID, default: []].append(message.id)
    }

    /// A `message` frame carrying `message`.
    func messageFrame(_ message: CometChatMessage) -> String {
        CometChatEnvelope(appID: options.appID, address: message.address, sender: message.sender)
            .text(type: "message", body: message.json(people))
    }

    /// The users whose sockets get the frames of a conversation at `address`: a 1:1's two users
    /// (`user` being one), or the group's members.
    func members(of address: CometChatAddress, from user: String) -> [String] {
        switch address {
        case .user(let uid): return uid == user ? [uid] : [user, uid]
        case .group(let guid): return groups[guid] ?? []
        }
    }
}
