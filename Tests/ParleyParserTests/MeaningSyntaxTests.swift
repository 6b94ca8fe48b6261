import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// `similar:`, `judge:` and `models:`: each form read into the model, each mistake at its place.
@Suite("similar, judge and models: syntax")
struct MeaningSyntaxTests {
    private func flow(_ expect: String) -> FlowParser.Result {
        FlowParser().parse(
            text: """
                flow: Meaning
                steps:
                  - send: hi
                  - expect: { reply: \(expect) }
                """, path: "m.flow.yaml")
    }

    private func matcher(_ expect: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Matcher.Kind {
        let parsed = flow(expect)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        let steps = try #require(parsed.flow?.steps, sourceLocation: sourceLocation)
        guard case .expect(let expectation) = steps[1].kind, case .object(let fields)? = expectation.pattern.matcher?.kind,
            let text = fields.first(where: { $0.key == "text" })
        else { throw CancellationError() }
        return text.matcher.kind
    }

    private func messages(_ expect: String) -> [String] {
        flow(expect).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test("similar: a text, a list, or { to, threshold }")
    func similarForms() throws {
        guard case .similar(let one) = try matcher("{ similar: Your order has shipped }") else { Issue.record("not similar"); return }
        #expect(one.references.map(\.literalText) == ["Your order has shipped"])
        #expect(one.threshold == nil && one.effectiveThreshold == 0.75)
        guard case .similar(let list) = try matcher("{ similar: [It shipped, On its way] }") else { Issue.record("not similar"); return }
        #expect(list.references.count == 2)
        guard case .similar(let full) = try matcher("{ similar: { to: [It shipped], threshold: 0.6 } }") else { Issue.record("not similar"); return }
        #expect(full.threshold == 0.6)
    }

    @Test("judge: a rubric, or { rubric, threshold }")
    func judgeForms() throws {
        guard case .judge(let short) = try matcher("{ judge: Apologises }") else { Issue.record("not judge"); return }
        #expect(short.text.literalText == "Apologises" && short.threshold == nil)
        guard case .judge(let full) = try matcher("{ judge: { rubric: Apologises, threshold: 0.7 } }") else { Issue.record("not judge"); return }
        #expect(full.threshold == 0.7)
    }

    @Test("mistakes are reported at their place, with what was expected")
    func mistakes() {
        #expect(messages("{ similar: { to: x, threshold: 2 } }") == ["4:53: expected a threshold from 0 to 1, like 0.8, got a number"])
        #expect(messages("{ similar: { treshold: 0.5 } }").contains("4:35: unknown key 'treshold' in 'similar'; did you mean 'threshold'?"))
        #expect(messages("{ similar: { threshold: 0.5 } }").contains { $0.contains("'similar' needs 'to:'") })
        #expect(messages("{ judge: [a, b] }").first?.contains("expected a rubric") == true)
        #expect(messages("{ judge: { rubrik: x } }").contains("4:33: unknown key 'rubrik' in 'judge'; did you mean 'rubric'?"))
        #expect(messages("{ semantic: x }").first?.contains("did you mean 'similar'?") == true, "\(messages("{ semantic: x }"))")
    }

    @Test("models: embeddings and judge endpoints, with timeout, retries and prompt; misspellings named")
    func models() throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("parley.yaml").path
        try """
            agents: { demo: { connector: simulator, script: d.agent.yaml } }
            models:
              embeddings: { url: "http://127.0.0.1:8000/v1", model: all-MiniLM-L6-v2, timeout: 5s, retries: 0 }
              judge: { url: "${env.JUDGE_URL}", model: llama3.1, api_key: "${secret.KEY}", prompt: "Grade {{output}} by {{rubric}}" }
              cache: .cache/models
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let models = try #require(ProjectParser.parse(path: path).config?.models)
        #expect(models.embeddings?.timeout == .seconds(5))
        #expect(models.embeddings?.retries == 0)
        #expect(models.judge?.settings.map(\.name) == ["url", "model", "api_key", "prompt"])
        #expect(models.cache == ".cache/models")

        try """
            agents: { demo: { connector: simulator, script: d.agent.yaml } }
            models:
              embedings: { url: x, model: y }
              judge: { url: x, modle: y, prompt: p }
              embeddings: { url: x, model: y, prompt: p }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let messages = ProjectParser.parse(path: path).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        #expect(messages.contains("3:3: unknown key 'embedings' in 'models'; did you mean 'embeddings'?"), "\(messages)")
        #expect(messages.contains("4:20: unknown key 'modle' in 'models.judge'; did you mean 'model'?"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("4:10: 'models.judge' needs 'model'") }, "\(messages)")
        #expect(messages.contains { $0.contains("unknown key 'prompt' in 'models.embeddings'") }, "\(messages)")
    }
}
