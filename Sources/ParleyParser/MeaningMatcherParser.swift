import ParleyModel

/// Reads `similar:` and `judge:`: a text (or, for `similar`, a list) as a shorthand, or a mapping
/// with the threshold spelled out.
struct MeaningMatcherParser {
    let context: ParseContext

    static let similarKeys = ["to", "threshold"]
    static let judgeKeys = ["rubric", "threshold"]

    /// `similar: "…"`, `similar: ["…", "…"]` or `similar: { to: "…" | [...], threshold: 0.8 }`.
    func similar(_ node: YAMLNode) -> Similarity? {
        switch node.value {
        case .scalar, .sequence:
            return references(node).map { Similarity(references: $0) }
        case .mapping:
            guard let reader = MappingReader(node, context, expected: "") else { return nil }
            reader.rejectUnknownKeys(allowed: Self.similarKeys, in: "'similar'", context)
            guard let to = reader["to"] else {
                context.error("'similar' needs 'to:', the text the reply should mean, like { to: \"Your order has shipped\" }", at: node.location)
                return nil
            }
            let threshold = reader["threshold"].flatMap(threshold)
            guard let references = references(to) else { return nil }
            return Similarity(references: references, threshold: threshold)
        }
    }

    /// `judge: "…"` or `judge: { rubric: "…", threshold: 0.7 }`.
    func judge(_ node: YAMLNode) -> Rubric? {
        switch node.value {
        case .scalar:
            return text(node, "a rubric: what the text must do, in words").map { Rubric(text: $0) }
        case .sequence:
            context.wrongShape(node, expected: "a rubric, like \"Apologises and offers a refund\", or { rubric: …, threshold: 0.7 }")
            return nil
        case .mapping:
            guard let reader = MappingReader(node, context, expected: "") else { return nil }
            reader.rejectUnknownKeys(allowed: Self.judgeKeys, in: "'judge'", context)
            guard let rubricNode = reader["rubric"] else {
                context.error("'judge' needs 'rubric:', what the text must do, like { rubric: \"Apologises and offers a refund\" }", at: node.location)
                return nil
            }
            let threshold = reader["threshold"].flatMap(threshold)
            return text(rubricNode, "a rubric: what the text must do, in words").map { Rubric(text: $0, threshold: threshold) }
        }
    }

    private func references(_ node: YAMLNode) -> [Template]? {
        switch node.value {
        case .scalar:
            return text(node, "the text the reply should mean").map { [$0] }
        case .sequence(let items):
            guard !items.isEmpty else {
                context.error("'similar' needs at least one text to compare with", at: node.location)
                return nil
            }
            let texts = items.compactMap { text($0, "the text the reply should mean") }
            return texts.count == items.count ? texts : nil
        case .mapping:
            context.wrongShape(node, expected: "a text, or a list of texts, the reply should mean")
            return nil
        }
    }

    private func text(_ node: YAMLNode, _ what: String) -> Template? {
        if node.scalarMeaning == .null {
            context.wrongShape(node, expected: what)
            return nil
        }
        return context.template(node, what).map(\.refusingEmpty)
    }

    /// A number from 0 to 1.
    private func threshold(_ node: YAMLNode) -> Double? {
        if case .number(let number) = node.scalarMeaning, number >= 0, number <= 1 { return number }
        context.wrongShape(node, expected: "a threshold from 0 to 1, like 0.8")
        return nil
    }
}
