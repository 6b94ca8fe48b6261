import Hummingbird

/// The bot protocol's bodies, as the server reads and writes them.
enum BotWire {
    /// `POST /sessions` → 201 `{"id": "s-1"}`.
    struct Session: ResponseCodable {
        var id: String
    }

    /// `POST /sessions/{id}/messages` with `{"text": "…"}`.
    struct Message: Decodable {
        var text: String
    }

    /// The answer to a message.
    struct Answer: ResponseCodable, Equatable {
        var replies: [Reply]
        var toolCalls: [ToolCall]?

        enum CodingKeys: String, CodingKey {
            case replies
            case toolCalls = "tool_calls"
        }
    }

    struct Reply: Codable, Equatable {
        var text: String
        var suggestions: [String]?
    }

    struct ToolCall: Codable, Equatable {
        var id: String
        var name: String
        var args: [String: String]
    }
}
