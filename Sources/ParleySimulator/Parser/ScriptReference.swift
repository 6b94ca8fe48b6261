import ParleyModel
import ParleyParser

/// What a script's `${…}` may name: `${1}`, `${name}`, `${values.email}`, `${order.items.0}`, a
/// head and a path. Only the braced form exists, so "$159.00" is text; the scanning (`$$`, `\${`,
/// carets) is the flow parser's ``TemplateParser``.
enum ScriptReference {
    /// The reference `body` names, or nil after reporting why it is none.
    static func read(_ body: String, at location: SourceLocation, _ context: ParseContext) -> Reference? {
        let segments = body.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let head = segments.first, segments.allSatisfy({ !$0.isEmpty }),
            segments.allSatisfy({ ParseContext.isIdentifier($0) || Int($0) != nil })
        else {
            context.error("'${\(body)}' is not a reference; expected '${1}', '${name}' or '${memory.key}'", at: location)
            return nil
        }
        if head == "env" || head == "secret" {
            // A script is test data shipped with the flows; reading the machine's environment or
            // secrets from it would make a simulated agent behave differently on every machine.
            context.error("'${\(body)}': agent scripts cannot read \(head == "env" ? "the environment" : "secrets")", at: location)
            return nil
        }
        return .variable(name: head, path: Array(segments.dropFirst()))
    }
}
