/// Where a batched event keeps its payload (polyai-messaging.md 7): clients must read both forms,
/// so the server can send either.
public enum PolyAIBatchPayloadStyle: String, Hashable, Sendable, CaseIterable {
    /// `{"type": …, "payload": {…}}`, as single frames have it.
    case payload
    /// `{"type": "EVENT_TYPE_POLY_AGENT_MESSAGE", "poly_agent_message": {…}}`: the protobuf-oneof JSON form.
    case oneofKey
}
