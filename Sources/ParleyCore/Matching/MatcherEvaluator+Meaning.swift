import Foundation
import ParleyModel

/// `similar` and `judge`: the answers come from models, asked by the runner before the input is
/// handled; here they are only looked up, so matching stays pure.
extension MatcherEvaluator {
    func similar(_ value: JSONValue?, _ similarity: Similarity) -> MatchResult {
        guard let subject = Self.text(value) else { return .fail("no text to compare by meaning, got \(Self.show(value))") }
        let threshold = similarity.effectiveThreshold
        var best: (score: Double, reference: String, model: String)?
        var unavailable: [String] = []
        var waiting = false
        var references: [String] = []
        for template in similarity.references {
            let reference: String
            switch interpolation.render(template) {
            case .success(let rendered): reference = rendered.text
            case .failure(let failure): return .fail(failure.description)
            }
            references.append(reference)
            let question = MeaningQuestion.similarity(text: subject, reference: reference)
            switch meaning[question] {
            case .similarity(let score, let model)?:
                if best == nil || score > best!.score { best = (score, reference, model) }
            case .unavailable(let reason)?: unavailable.append(reason)
            case .verdict?: unavailable.append("the embeddings endpoint gave a verdict, not a similarity")
            case nil:
                probe?.ask(question)
                waiting = true
            }
        }
        if waiting { return .fail("not yet compared by the embeddings model") }
        guard let best else {
            let reason = unavailable.first ?? "no answer from the embeddings model"
            probe?.consulted(
                MeaningCheck(kind: .embeddings, text: subject, against: references.first ?? "",
                             passed: false, score: nil, threshold: threshold, reason: reason, model: nil))
            return .fail("similar: \(reason)")
        }
        let passed = best.score >= threshold
        probe?.consulted(
            MeaningCheck(kind: .embeddings, text: subject, against: best.reference, passed: passed, score: best.score, threshold: threshold,
                         reason: nil, model: best.model))
        if passed { return .pass }
        let shownScore = Self.score(best.score)
        return MatchResult(
            passed: false, score: max(0, best.score),
            reasons: ["similarity \(shownScore) to \(Self.quote(best.reference)) is below the threshold \(Self.score(threshold)) (model \(best.model))"])
    }

    func judge(_ value: JSONValue?, _ rubric: Rubric) -> MatchResult {
        guard let subject = Self.text(value) else { return .fail("no text to judge, got \(Self.show(value))") }
        return renderedText(rubric.text) { rubricText in judge(subject, rubricText, rubric.threshold) }
    }

    private func judge(_ subject: String, _ rubricText: String, _ threshold: Double?) -> MatchResult {
        let question = MeaningQuestion.judgement(text: subject, rubric: rubricText)
        switch meaning[question] {
        case nil:
            probe?.ask(question)
            return .fail("not yet judged")
        case .unavailable(let reason)?:
            probe?.consulted(
                MeaningCheck(kind: .judge, text: subject, against: rubricText, passed: false, score: nil, threshold: threshold, reason: reason, model: nil))
            return .fail("judge: \(reason)")
        case .similarity?:
            return .fail("judge: the judge endpoint gave a similarity, not a verdict")
        case .verdict(let verdict)?:
            let passed = verdict.pass && verdict.score >= (threshold ?? 0)
            probe?.consulted(
                MeaningCheck(kind: .judge, text: subject, against: rubricText, passed: passed, score: verdict.score, threshold: threshold,
                             reason: verdict.reason, model: verdict.model))
            if passed { return .pass }
            let why = verdict.pass
                ? "the judge's score \(Self.score(verdict.score)) is below the threshold \(Self.score(threshold ?? 0))"
                : "the judge found the rubric not met (score \(Self.score(verdict.score)))"
            return MatchResult(passed: false, score: verdict.score, reasons: ["\(why) (model \(verdict.model)): \(verdict.reason)"])
        }
    }

    /// A score as reports print it: two decimals.
    static func score(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
