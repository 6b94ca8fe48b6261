import ParleyPolyAI
import Testing

/// The type strings: every known one round-trips, anything else is kept as unknown.
struct PolyEventTypeTests {
    @Test func everyKnownTypeRoundTripsThroughItsWireName() {
        for type in PolyEventType.known {
            #expect(PolyEventType(wire: type.wire) == type)
            #expect(type.wire.hasPrefix("EVENT_TYPE_"))
        }
        #expect(Set(PolyEventType.known.map(\.wire)).count == PolyEventType.known.count)
        #expect(PolyEventType.known.count == 34)
    }

    @Test func theWireNamesAreTheProtocolsSpelling() {
        #expect(PolyEventType.polyAgentMessageChunk.wire == "EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK")
        #expect(PolyEventType.polyAgentTriggeredHandoff.wire == "EVENT_TYPE_POLY_AGENT_TRIGGERED_HANDOFF")
        #expect(PolyEventType.clientHandoffRequired.wire == "EVENT_TYPE_CLIENT_HANDOFF_REQUIRED")
        #expect(PolyEventType.handoffQueueStatus.wire == "EVENT_TYPE_HANDOFF_QUEUE_STATUS")
        #expect(PolyEventType.requestPolyAgentJoin.wire == "EVENT_TYPE_REQUEST_POLY_AGENT_JOIN")
        #expect(PolyEventType.userEndSession.wire == "EVENT_TYPE_USER_END_SESSION")
        #expect(PolyEventType.sessionIdleWarning.wire == "EVENT_TYPE_SESSION_IDLE_WARNING")
        #expect(PolyEventType.showCSATRequest.wire == "EVENT_TYPE_SHOW_CSAT_REQUEST")
        #expect(PolyEventType.csatResponse.wire == "EVENT_TYPE_CSAT_RESPONSE")
        #expect(PolyEventType.eventBatch.wire == "EVENT_TYPE_EVENT_BATCH")
        #expect(PolyEventType.linkToWebRTCConversation.wire == "EVENT_TYPE_LINK_TO_WEBRTC_CONVERSATION")
    }

    @Test func typesAreCaseSensitiveAndUnknownOnesKeepTheirName() {
        #expect(PolyEventType(wire: "event_type_heartbeat") == .unknown("event_type_heartbeat"))
        #expect(PolyEventType(wire: "EVENT_TYPE_FUTURE_THING") == .unknown("EVENT_TYPE_FUTURE_THING"))
        #expect(PolyEventType.unknown("EVENT_TYPE_FUTURE_THING").wire == "EVENT_TYPE_FUTURE_THING")
        #expect(PolyEventType(wire: "") == .unknown(""))
    }

    @Test func theOneofKeyIsTheNameLowerCasedWithoutThePrefix() {
        #expect(PolyEventType.polyAgentMessage.oneofKey == "poly_agent_message")
        #expect(PolyEventType.polyAgentJoined.oneofKey == "poly_agent_joined")
        #expect(PolyEventType.userReadMessage.oneofKey == "user_read_message")
        #expect(PolyEventType.unknown("EVENT_TYPE_FUTURE_THING").oneofKey == "future_thing")
        #expect(PolyEventType.unknown("Other").oneofKey == "other")
    }
}
