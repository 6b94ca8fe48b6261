import ParleyModel

/// Asks the models, before an input is handled, every question handling it would raise. The
/// interpreter is a value: a copy handles the input with a fresh probe and no answers for what
/// is new; its unanswered questions go to the models; the answers are learned; and the copy is
/// made again, since an answer can take the flow on to matchers not reached before. When a copy
/// asks nothing new, the real interpreter handles the input with every answer it needs.
struct MeaningAsker: Sendable {
    let resolver: any MeaningResolver
    /// The run's secrets: masked in what is sent to a model (an agent that echoes a token must not
    /// pass it on to a hosted API, or into the cache), and the answers mapped back.
    var secrets: SecretRegistry = SecretRegistry()

    /// At most this many rounds per input: each round answers at least one new question, and a
    /// flow with more than this many `similar`/`judge` matchers reached by one event is unlikely.
    static let rounds = 32

    func settle(_ interpreter: inout FlowInterpreter, _ handle: (inout FlowInterpreter) -> Void) async {
        for _ in 0..<Self.rounds {
            var copy = interpreter
            let probe = MeaningProbe()
            copy.probe = probe
            handle(&copy)
            let questions = probe.questions
            if questions.isEmpty { return }
            interpreter.learn(await ask(questions))
        }
    }
}

extension MeaningAsker {
    /// Asks the masked questions, once each, and answers the questions as the flow asked them.
    func ask(_ questions: [MeaningQuestion]) async -> [MeaningQuestion: MeaningAnswer] {
        let redactor = secrets.current
        var masked: [MeaningQuestion: MeaningQuestion] = [:]
        for question in questions {
            switch question {
            case .similarity(let text, let reference):
                masked[question] = .similarity(text: redactor.redact(text), reference: redactor.redact(reference))
            case .judgement(let text, let rubric):
                masked[question] = .judgement(text: redactor.redact(text), rubric: redactor.redact(rubric))
            }
        }
        var unique: [MeaningQuestion] = []
        for question in questions where !unique.contains(masked[question]!) { unique.append(masked[question]!) }
        let answers = await resolver.answers(to: unique)
        var mapped: [MeaningQuestion: MeaningAnswer] = [:]
        for question in questions {
            mapped[question] = answers[masked[question]!] ?? .unavailable("no answer from the model")
        }
        return mapped
    }
}
