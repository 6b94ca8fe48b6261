import AsyncHTTPClient
import ParleyCore
import ParleyModel

/// Answers `similar` and `judge` questions from the endpoints of `models:`: from memory, then the
/// disk cache (unless `--no-cache`), then the endpoint. An endpoint that is not configured, or
/// fails, answers every question it was asked with the reason.
public final class ModelResolver: MeaningResolver {
    private let embeddings: EmbeddingsClient?
    private let judge: JudgeClient?
    private let cache: ModelCache?
    private let memory = Memory()

    /// A resolver; an endpoint left nil answers `unavailable`. Retries pause on `clock`.
    public init(http: HTTPClient, embeddings: ModelSettings?, judge: ModelSettings?, cache: ModelCache?, clock: any MonotonicClock = SystemClock()) {
        self.embeddings = embeddings.map { EmbeddingsClient(client: ModelClient(http: http, settings: $0, role: "embeddings", clock: clock)) }
        self.judge = judge.map { JudgeClient(client: ModelClient(http: http, settings: $0, role: "judge", clock: clock)) }
        self.cache = cache
    }

    public func answers(to questions: [MeaningQuestion]) async -> [MeaningQuestion: MeaningAnswer] {
        var answers: [MeaningQuestion: MeaningAnswer] = [:]
        var pairs: [(MeaningQuestion, String, String)] = []
        var judged: [(MeaningQuestion, String, String)] = []
        for question in questions {
            switch question {
            case .similarity(let text, let reference): pairs.append((question, text, reference))
            case .judgement(let text, let rubric): judged.append((question, text, rubric))
            }
        }
        if !pairs.isEmpty { answers.merge(await similarities(pairs)) { first, _ in first } }
        await withTaskGroup(of: (MeaningQuestion, MeaningAnswer).self) { group in
            for (question, text, rubric) in judged {
                group.addTask { (question, await self.verdict(text: text, rubric: rubric)) }
            }
            for await (question, answer) in group { answers[question] = answer }
        }
        return answers
    }

    private func similarities(_ pairs: [(MeaningQuestion, String, String)]) async -> [MeaningQuestion: MeaningAnswer] {
        guard let embeddings else {
            return Dictionary(pairs.map { ($0.0, .unavailable(Self.notConfigured(.embeddings))) }, uniquingKeysWith: { first, _ in first })
        }
        let settings = embeddings.client.settings
        var texts: [String] = []
        for (_, text, reference) in pairs {
            for input in [text, reference] where !texts.contains(input) { texts.append(input) }
        }
        var vectors: [String: [Double]] = [:]
        var missing: [String] = []
        for text in texts {
            if let known = await memory.vector(text) ?? cached(text, settings) {
                vectors[text] = known
            } else {
                missing.append(text)
            }
        }
        if !missing.isEmpty {
            do {
                let fetched = try await embeddings.embed(missing)
                for (text, vector) in zip(missing, fetched) {
                    vectors[text] = vector
                    await memory.keep(vector, for: text)
                    cache?.write(.array(vector.map(JSONValue.number)), kind: "embeddings", settings: settings, input: text)
                }
            } catch {
                return Dictionary(pairs.map { ($0.0, .unavailable(error.message)) }, uniquingKeysWith: { first, _ in first })
            }
        }
        var answers: [MeaningQuestion: MeaningAnswer] = [:]
        for (question, text, reference) in pairs {
            guard let a = vectors[text], let b = vectors[reference] else { continue }
            answers[question] = .similarity(EmbeddingsClient.cosine(a, b), model: settings.model)
        }
        return answers
    }

    private func cached(_ text: String, _ settings: ModelSettings) -> [Double]? {
        guard case .array(let items)? = cache?.read(kind: "embeddings", settings: settings, input: text) else { return nil }
        let numbers = items.compactMap { value -> Double? in if case .number(let number) = value { number } else { nil } }
        return numbers.count == items.count && !numbers.isEmpty ? numbers : nil
    }

    private func verdict(text: String, rubric: String) async -> MeaningAnswer {
        guard let judge else { return .unavailable(Self.notConfigured(.judge)) }
        let settings = judge.client.settings
        let body = judge.body(rubric: rubric, output: text)
        let key = body.serialized()
        if let known = await memory.verdict(key) { return .verdict(known) }
        if let stored = cache?.read(kind: "judge", settings: settings, input: key), let verdict = Self.verdict(stored, model: settings.model) {
            await memory.keep(verdict, for: key)
            return .verdict(verdict)
        }
        do {
            let verdict = try await judge.judge(body)
            await memory.keep(verdict, for: key)
            cache?.write(
                .object([JSONMember("pass", .bool(verdict.pass)), JSONMember("score", .number(verdict.score)), JSONMember("reason", .string(verdict.reason))]),
                kind: "judge", settings: settings, input: key)
            return .verdict(verdict)
        } catch {
            return .unavailable(error.message)
        }
    }

    private static func verdict(_ stored: JSONValue, model: String) -> Verdict? {
        guard case .bool(let pass)? = stored["pass"], case .number(let score)? = stored["score"], case .string(let reason)? = stored["reason"]
        else { return nil }
        return Verdict(pass: pass, score: score, reason: reason, model: model)
    }

    static func notConfigured(_ kind: MeaningKind) -> String {
        "parley.yaml has no models.\(kind.rawValue) endpoint for `\(kind.keyword)`"
    }

    /// What this run learned already, so one text is embedded (or judged) once per run.
    private actor Memory {
        private var vectors: [String: [Double]] = [:]
        private var verdicts: [String: Verdict] = [:]

        func vector(_ text: String) -> [Double]? { vectors[text] }
        func keep(_ vector: [Double], for text: String) { vectors[text] = vector }
        func verdict(_ key: String) -> Verdict? { verdicts[key] }
        func keep(_ verdict: Verdict, for key: String) { verdicts[key] = verdict }
    }
}
