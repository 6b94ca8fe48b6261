import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

@testable import ParleyMeaning

/// The pure pieces of ParleyMeaning: reading a judge's verdict, the prompt, the cosine and the
/// cache's file names. The endpoints themselves are tested against real servers in
/// ParleyCLITests' MeaningRunTests.
@Suite("meaning: verdicts, prompt, cosine, cache")
struct MeaningPiecesTests {
    @Test("a verdict is read bare, wrapped in prose or a code fence; a score is kept within 0…1")
    func verdicts() throws {
        let bare = try JudgeClient.verdict(#"{"pass": true, "score": 0.8, "reason": "Yes."}"#, model: "m")
        #expect(bare == Verdict(pass: true, score: 0.8, reason: "Yes.", model: "m"))
        let fenced = try JudgeClient.verdict("Verdict:\n```json\n{\"pass\": false, \"score\": 3, \"reason\": \"No.\"}\n```", model: "m")
        #expect(fenced == Verdict(pass: false, score: 1, reason: "No.", model: "m"))
        let noScore = try JudgeClient.verdict(#"{"pass": false}"#, model: "m")
        #expect(noScore.score == 0)
    }

    @Test("an answer without a true/false pass is no verdict, and says what it got")
    func notAVerdict() {
        #expect(throws: ModelFailure.self) { try JudgeClient.verdict("I think it is fine.", model: "m") }
        do {
            _ = try JudgeClient.verdict(#"{"passed": "yes"}"#, model: "m")
            Issue.record("a verdict without pass was read")
        } catch {
            #expect(error.message.contains("has no true/false 'pass'"), "\(error.message)")
        }
    }

    @Test("the prompt: the built-in one with the rubric filled in, or the project's own with {{rubric}} and {{output}}")
    func prompt() {
        let standard = JudgePrompt.messages(template: nil, rubric: "Apologises", output: "Sorry!")
        #expect(standard.system.contains("The rubric:\nApologises"))
        #expect(standard.user == "The reply to grade:\nSorry!")
        let own = JudgePrompt.messages(template: "Grade «{{output}}» by «{{rubric}}».", rubric: "Apologises", output: "Sorry!")
        #expect(own.system == "Grade «Sorry!» by «Apologises».")
    }

    @Test("cosine similarity: 1 for the same direction, 0 for orthogonal or empty vectors")
    func cosine() {
        #expect(abs(EmbeddingsClient.cosine([1, 2, 3], [2, 4, 6]) - 1) < 1e-12)
        #expect(EmbeddingsClient.cosine([1, 0], [0, 1]) == 0)
        #expect(EmbeddingsClient.cosine([], []) == 0)
        #expect(EmbeddingsClient.cosine([0, 0], [1, 1]) == 0)
        #expect(EmbeddingsClient.cosine([1, 0], [1]) == 0)
    }

    @Test("the cache keeps one file per endpoint, model and input, named by a hash that shows none of them")
    func cacheFiles() throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ModelCache(folder: folder)
        let a = ModelSettings(url: "http://127.0.0.1:1/v1", model: "m1")
        let names = [
            cache.file(kind: "embeddings", settings: a, input: "secret-text"),
            cache.file(kind: "embeddings", settings: ModelSettings(url: "http://127.0.0.1:2/v1", model: "m1"), input: "secret-text"),
            cache.file(kind: "embeddings", settings: ModelSettings(url: "http://127.0.0.1:1/v1", model: "m2"), input: "secret-text"),
            cache.file(kind: "embeddings", settings: a, input: "other"),
            cache.file(kind: "judge", settings: a, input: "secret-text"),
        ]
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { !$0.path.contains("secret") })
        cache.write([1, 2], kind: "embeddings", settings: a, input: "secret-text")
        #expect(cache.read(kind: "embeddings", settings: a, input: "secret-text") == [1, 2])
        #expect(cache.read(kind: "embeddings", settings: a, input: "other") == nil)
    }
}
