import Foundation
import ParleyCore
import ParleyModel

/// The body of an AG-UI run request (ag-ui.md 1.2), reduced to what the simulator needs. Read from
/// `JSONValue` rather than `Codable` so every refusal names the field that is wrong.
public struct RunAgentInput: Hashable, Sendable {
    /// The conversation.
    public var threadID: String
    /// This run.
    public var runID: String
    /// The whole history, as the client sends it every run.
    public var messages: [AGUIMessage]
    /// Free-form; `forwardedProps.parley` carries taps, form submits, card clicks and slots.
    public var forwardedProps: JSONValue?
    /// Answers to interrupts.
    public var resume: [ResumeEntry]
    /// The client's declared protocol version ("1.0"), if any.
    public var protocolVersion: String?

    /// Creates an input.
    public init(
        threadID: String, runID: String, messages: [AGUIMessage] = [], forwardedProps: JSONValue? = nil, resume: [ResumeEntry] = [],
        protocolVersion: String? = nil
    ) {
        self.threadID = threadID
        self.runID = runID
        self.messages = messages
        self.forwardedProps = forwardedProps
        self.resume = resume
        self.protocolVersion = protocolVersion
    }

    /// Reads a request body; throws what is wrong when it is not JSON or lacks threadId, runId or
    /// messages. Unknown fields (state, tools, context, …) are ignored, as AG-UI 1.0 allows.
    public init(body: Data) throws(RunInputError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            throw RunInputError("the body is not JSON: \(error.text)")
        }
        try self.init(json: json)
    }

    /// Reads a decoded request body.
    public init(json: JSONValue) throws(RunInputError) {
        guard case .object = json else { throw RunInputError("the body is not a JSON object (a RunAgentInput)") }
        let reader = FieldReader(value: json, path: "")
        threadID = try reader.string("threadId")
        runID = try reader.string("runId")
        guard case .array(let items)? = json["messages"] else { throw RunInputError("messages is missing or not an array") }
        messages = []
        for (index, item) in items.enumerated() {
            messages.append(try AGUIMessage(json: item, path: "messages[\(index)]"))
        }
        forwardedProps = json["forwardedProps"]
        resume = []
        switch json["resume"] {
        case .array(let entries)?:
            for (index, entry) in entries.enumerated() {
                resume.append(try ResumeEntry(json: entry, path: "resume[\(index)]"))
            }
        case nil, .null?:
            break
        case .bool?, .number?, .string?, .object?:
            throw RunInputError("resume is not an array")
        }
        protocolVersion = reader.optionalString("protocolVersion")
    }
}
