import Foundation
import ParleyModel

/// Splits text into literals and `${…}` references; `$$` and `\${` write a literal `$` and `${`.
/// Flows and agent scripts share the scanning; each reads what is inside the braces its own way.
package enum TemplateParser {
    /// What a reader makes of the text between `${` and `}`: a reference, or nil after reporting why not.
    package typealias ReferenceReader = (_ body: String, _ location: SourceLocation, _ context: ParseContext) -> Reference?

    /// `text`, written at `location`, as a template; nil after reporting a mistake. `reference`
    /// reads each `${…}` (by default as a flow does: variables, `env.` and `secret.`).
    package static func parse(
        _ text: String, at location: SourceLocation, quoted: Bool, _ context: ParseContext, reference: ReferenceReader = flowReference
    ) -> Template? {
        var parts: [Template.Part] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        // Where each scalar of the text was written; the scalar's start when the source cannot be aligned.
        let positions = context.scalarLines(of: location.file).flatMap {
            SourceAlignment.positions(of: scalars, in: $0, from: location, quoted: quoted)
        }
        func locationOf(_ index: Int) -> SourceLocation {
            positions.map { $0[index] } ?? location
        }
        var index = 0
        var failed = false
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "\\", next == "$", index + 2 < scalars.count, scalars[index + 2] == "{" {
                literal += "${"
                index += 3
            } else if scalar == "$", next == "$" {
                literal += "$"
                index += 2
            } else if scalar == "$", next == "{" {
                guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
                    context.error("unclosed '${'; write '$${' for a literal '${'", at: locationOf(index))
                    failed = true
                    break
                }
                let body = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                if let reference = reference(body, locationOf(index), context) {
                    if !literal.isEmpty { parts.append(.literal(literal)) }
                    literal = ""
                    parts.append(.reference(reference, locationOf(index)))
                } else {
                    failed = true
                }
                index = close + 1
            } else {
                literal.unicodeScalars.append(scalar)
                index += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return failed ? nil : Template(parts: parts, location: location)
    }

    /// A flow's reference: `${name.path}`, `${env.NAME}` or `${secret.NAME}`.
    package static func flowReference(_ body: String, at location: SourceLocation, _ context: ParseContext) -> Reference? {
        let segments = body.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
            .map(String.init)
        guard let head = segments.first, !head.isEmpty, segments.allSatisfy({ !$0.isEmpty }) else {
            context.error("'${\(body)}' is not a variable reference; expected '${name}', '${env.NAME}' or '${secret.NAME}'", at: location)
            return nil
        }
        guard segments.allSatisfy({ ParseContext.isIdentifier($0) || Int($0) != nil }) else {
            context.error("'${\(body)}' is not a variable reference; names use letters, digits, '_' and '-'", at: location)
            return nil
        }
        switch head {
        case "env", "secret":
            guard segments.count == 2 else {
                context.error("'${\(body)}' needs exactly one name after '\(head).', like '${\(head).API_TOKEN}'", at: location)
                return nil
            }
            return head == "env" ? .environment(segments[1]) : .secret(segments[1])
        default:
            return .variable(name: head, path: Array(segments.dropFirst()))
        }
    }
}
