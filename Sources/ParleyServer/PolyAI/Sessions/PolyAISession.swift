import Logging
import Foundation
import ParleyCore
import ParleyModel
import ParleySimulator

/// One PolyAI session: the simulator's conversation, the history of permanent events, and the
/// socket currently receiving. Plays run here, not in a socket: a play keeps going and recording
/// when the socket is gone, so a client that reconnects with its cursor loses nothing.
actor PolyAISession {
    /// The session id.
    let id: String
    /// Whether replies stream as chunks (`streaming_enabled`).
    let streaming: Bool
    private let engine: ScriptEngine
    private let encoder: PolyAIPlayEncoder
    private let clock: any MonotonicClock
    private let style: PolyAIBatchPayloadStyle
    private let pool: PolyAITaskPool
    /// Info lines for `parley serve --verbose`: what a client did that a test or a user may ask about.
    private let logger: Logger
    private let jobs: AsyncStream<PolyAIPlayJob>
    private let lane: AsyncStream<PolyAIPlayJob>.Continuation

    private var state: ConversationState
    private var history: [PolyAIRecord] = []
    /// The newest socket: it gets every event from now on.
    private var receiver: WebSocketConnection?
    private var faults = WebSocketFaultInjector(malformedText: PolyAIServer.malformedFrameText)
    private var joined = false
    /// `local_id`s of the user messages taken, so a client's resend is not played twice.
    private var localIDs: Set<String> = []
    /// The suggestions of the latest agent reply: a message with one of these texts is a tap.
    private var suggestions: [String] = []
    /// Until when (a clock reading) the session is down: sockets opened before then drop at once.
    private var downUntil: Duration?
    /// Tells the store the session has ended, so it can be forgotten (issue 20).
    private let onEnded: @Sendable () async -> Void
    private var endReported = false

    init(
        id: String, streaming: Bool, script: AgentScript, options: PolyAIServerOptions, clock: any MonotonicClock, pool: PolyAITaskPool,
        logger: Logger, onEnded: @escaping @Sendable () async -> Void = {}
    ) {
        self.id = id
        self.onEnded = onEnded
        self.logger = logger
        self.streaming = streaming
        engine = ScriptEngine(script: script)
        encoder = PolyAIPlayEncoder(streaming: streaming, chunkJoining: options.chunkJoining, agentName: script.agent.name)
        self.clock = clock
        style = options.batchPayloadStyle
        self.pool = pool
        (jobs, lane) = AsyncStream.makeStream()
        state = ConversationState(threadID: id)
        history = [Self.envelope(.sessionStart(streaming: streaming, options: options), sequence: 1)]
    }

    /// Plays the queued jobs one after another, until the server stops.
    func runPlays() async {
        for await job in jobs {
            if let echoSent = job.echoSent {
                for await _ in echoSent {}
            }
            let start = clock.now
            for item in job.items {
                do {
                    try await clock.sleep(until: start + item.offset)
                } catch {
                    return
                }
                play(item.content)
            }
            deliver(faults.flush())
            if state.ended, !endReported {
                endReported = true
                await onEnded()
            }
        }
    }

    /// Ends `runPlays` once the plays already queued have run: the store has forgotten the session.
    nonisolated func close() {
        lane.finish()
    }

    /// Whether a scripted outage keeps the session down now.
    var isDown: Bool {
        guard let downUntil else { return false }
        return clock.now < downUntil
    }

    /// Makes `connection` the receiver, starting with one batch of every event after `cursor`;
    /// during an outage it drops instead, before any frame.
    func attach(_ connection: WebSocketConnection, after cursor: Int) {
        if isDown {
            // Upgraded just as the outage began: it drops like the rest.
            connection.send(.drop)
            return
        }
        let missed = history.filter { ($0.sequence ?? 0) > cursor }
        connection.send(.text(PolyAIRecord.batch(missed, style: style)))
        receiver = connection
        faults = WebSocketFaultInjector(malformedText: PolyAIServer.malformedFrameText)
    }

    /// Forgets `connection` as the receiver when it still is one (its socket closed).
    func detach(_ connection: WebSocketConnection) {
        if receiver === connection { receiver = nil }
    }

    /// Acts on one text frame from `connection`.
    func receive(_ text: String, from connection: WebSocketConnection) {
        switch PolyAIClientFrame(text: text) {
        case .heartbeat:
            logger.debug("session \(id): heartbeat")
            connection.send(.text(Self.envelope(.echo(.heartbeat, isPermanent: false), sequence: nil).text))
        case .typing(let payload):
            connection.send(.text(Self.envelope(.echo(.userTyping, payload: payload, isPermanent: false), sequence: nil).text))
        case .join:
            join()
        case .userMessage(let text, let metadata, let localID):
            message(text, metadata: metadata, localID: localID)
        case .endSession:
            end()
        case .unsupported(let type):
            let allowed = PolyAIClientFrame.allowed.map(\.rawValue).joined(separator: ", ")
            publish(.system("Unsupported event type '\(type)': a client sends \(allowed)", level: .error))
        case .invalid(let reason):
            publish(.system(reason, level: .error))
        }
    }

    /// A binary frame from the client: PolyAI is text frames only.
    func receiveBinary() {
        publish(.system("Error parsing request: binary frames are not supported; send one JSON object per text frame", level: .error))
    }

    private func join() {
        publish(.echo(.requestPolyAgentJoin, isPermanent: true))
        var items = [PolyAITimedItem(.output(.agentJoined(encoder.agentName)), at: .zero)]
        if !joined {
            joined = true
            let greeting = engine.open(&state)
            if !greeting.items.isEmpty {
                let encoded = encoder.encode(greeting)
                items.append(PolyAITimedItem(.output(.thinking), at: .zero))
                items += encoded.items
                suggestions = encoded.lastSuggestions ?? suggestions
            }
        }
        lane.yield(PolyAIPlayJob(echoSent: nil, items: items))
    }

    private func message(_ text: String, metadata: JSONValue?, localID: String?) {
        if let localID {
            // A resend of a message taken already (its echo was slow): neither echoed nor played again.
            guard localIDs.insert(localID).inserted else {
                logger.info("session \(id): USER_MESSAGE with local_id \(localID) again (a resend): not echoed or played twice")
                return
            }
        }
        let action: UserAction = suggestions.contains(text) ? .tap(suggestion: text) : .send(text: text)
        let play = engine.respond(to: action, in: &state)
        let encoded = encoder.encode(play)
        suggestions = encoded.lastSuggestions ?? suggestions
        let echo = PolyAIEvent.userMessageEcho(messageID: RandomID.string(), text: text, metadata: metadata)
        // The agent thinks only when it will say something: a silent play leaves no typing indicator on.
        let items = encoded.events.isEmpty ? encoded.items : [PolyAITimedItem(.output(.thinking), at: .zero)] + encoded.items
        guard encoded.echoDelay > .zero else {
            publish(echo)
            lane.yield(PolyAIPlayJob(echoSent: nil, items: items))
            return
        }
        let (echoSent, sent) = AsyncStream<Void>.makeStream()
        let due = clock.now + encoded.echoDelay
        pool.submit { [clock] in
            defer { sent.finish() }
            do {
                try await clock.sleep(until: due)
            } catch {
                return
            }
            await self.publish(echo)
        }
        lane.yield(PolyAIPlayJob(echoSent: echoSent, items: items))
    }

    private func end() {
        publish(.echo(.userEndSession, isPermanent: true))
        let reason = PolyAIEvent.userEndReason
        guard !state.ended else {
            lane.yield(PolyAIPlayJob(echoSent: nil, items: [PolyAITimedItem(.output(.sessionEnd(reason: reason)), at: .zero)]))
            return
        }
        let play = engine.respond(to: .end, in: &state)
        lane.yield(PolyAIPlayJob(echoSent: nil, items: encoder.encode(play, endReason: reason).items))
    }

    /// One due item of a play: an event through the fault injector, or a fault arming it.
    private func play(_ content: PolyAITimedItem.Content) {
        switch content {
        case .output(let event):
            let record = self.record(event)
            guard receiver != nil else { return }
            deliver(faults.pass(.text(record.text)))
        case .fault(let fault):
            if case .outage(let length) = fault { downUntil = clock.now + length }
            guard receiver != nil else { return }
            deliver(faults.arm(fault))
        }
    }

    /// Records `event` and sends it to the receiver as it is (no faults: not part of a play).
    private func publish(_ event: PolyAIEvent) {
        let record = self.record(event)
        receiver?.send(.text(record.text))
    }

    /// Gives `event` its envelope, keeping it when it is permanent.
    private func record(_ event: PolyAIEvent) -> PolyAIRecord {
        let record = Self.envelope(event, sequence: event.isPermanent ? history.count + 1 : nil)
        if event.isPermanent { history.append(record) }
        return record
    }

    /// Sends `frames` to the receiver; after a close or drop there is none until a client connects.
    private func deliver(_ frames: [WebSocketFrame]) {
        for frame in frames {
            guard let receiver else { return }
            receiver.send(frame)
            if frame.endsSocket {
                self.receiver = nil
                faults = WebSocketFaultInjector(malformedText: PolyAIServer.malformedFrameText)
            }
        }
    }

    private static func envelope(_ event: PolyAIEvent, sequence: Int?) -> PolyAIRecord {
        PolyAIRecord(
            event, id: RandomID.string(), sequence: sequence,
            timestamp: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date()))
    }
}
