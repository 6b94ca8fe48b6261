import Foundation
import ParleyCore
import ParleyModel

/// `POST /v1/chat/completions` with the rubric and the reply, asking for a JSON verdict.
struct JudgeClient: Sendable {
    let client: ModelClient

    /// The request body; also what the cache is keyed by, so a changed prompt asks again.
    func body(rubric: String, output: String) -> JSONValue {
        let (system, user) = JudgePrompt.messages(template: client.settings.prompt, rubric: rubric, output: output)
        let verdict: JSONValue = .object([
            JSONMember("type", "object"),
            JSONMember("properties", .object([
                JSONMember("pass", .object([JSONMember("type", "boolean")])),
                JSONMember("score", .object([JSONMember("type", "number")])),
                JSONMember("reason", .object([JSONMember("type", "string")])),
            ])),
            JSONMember("required", ["pass", "score", "reason"]),
            JSONMember("additionalProperties", false),
        ])
        return .object([
            JSONMember("model", .string(client.settings.model)),
            JSONMember("temperature", 0),
            JSONMember("messages", [
                .object([JSONMember("role", "system"), JSONMember("content", .string(system))]),
                .object([JSONMember("role", "user"), JSONMember("content", .string(user))]),
            ]),
            // Structured output where the server supports it (OpenAI, vLLM, Ollama); the parse below
            // also reads a verdict wrapped in prose or a code fence.
            JSONMember("response_format", .object([
                JSONMember("type", "json_schema"),
                JSONMember("json_schema", .object([JSONMember("name", "verdict"), JSONMember("schema", verdict), JSONMember("strict", true)])),
            ])),
        ])
    }

    func judge(_ body: JSONValue) async throws(ModelFailure) -> Verdict {
        let answer = try await client.post("chat/completions", body)
        guard case .array(let choices)? = answer["choices"], let first = choices.first,
            case .string(let content)? = first["message"]?["content"]
        else { throw ModelFailure("the judge's answer has no choices[0].message.content") }
        return try Self.verdict(content, model: client.settings.model)
    }

    /// The verdict in the judge's text: the JSON object in it, with `pass`, `score` and `reason`.
    static func verdict(_ content: String, model: String) throws(ModelFailure) -> Verdict {
        guard let open = content.firstIndex(of: "{"), let close = content.lastIndex(of: "}"), open < close,
            let object = try? JSONValue(parsing: Data(content[open...close].utf8))
        else { throw ModelFailure("the judge did not answer with a JSON verdict: \(content.prefix(200))") }
        guard case .bool(let pass)? = object["pass"] else { throw ModelFailure("the judge's verdict has no true/false 'pass': \(content.prefix(200))") }
        var score = pass ? 1.0 : 0.0
        if case .number(let number)? = object["score"] { score = min(max(number, 0), 1) }
        var reason = ""
        if case .string(let text)? = object["reason"] { reason = text }
        return Verdict(pass: pass, score: score, reason: reason, model: model)
    }
}
