import Foundation

/// The judge's instructions. `{{rubric}}` and `{{output}}` are filled in; `models.judge.prompt`
/// replaces the system part (docs/meaning.md prints this text).
public enum JudgePrompt {
    public static let standard = """
        You grade one reply of a conversational agent against a rubric. Judge only what the reply \
        says, not what you would have said. The rubric:
        {{rubric}}

        Answer with JSON only, no other text: {"pass": true or false, "score": a number from 0 \
        to 1 for how well the reply meets the rubric, "reason": one sentence saying why}.
        """

    /// The messages sent: the instructions as the system message, the reply as the user's.
    static func messages(template: String?, rubric: String, output: String) -> (system: String, user: String) {
        let system = (template ?? standard).replacingOccurrences(of: "{{rubric}}", with: rubric)
            .replacingOccurrences(of: "{{output}}", with: output)
        return (system, "The reply to grade:\n\(output)")
    }
}
