import ParleyModel
import ParleyParser

/// Splits script text into literals and `${…}` references. Only the braced form exists, so
/// "$159.00" is text; `$$` writes a literal `$` and `\${` a literal `${`, as in flows.
struct ScriptTemplateParser {
    let context: ScriptContext

    func parse(_ text: String, at location: SourceLocation, quoted: Bool) -> Template? {
        var parts: [Template.Part] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        let locate = locator(for: scalars, at: location, quoted: quoted)
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
                    context.error("unclosed '${'; write '$${' for a literal '${'", at: locate(index))
                    failed = true
                    break
                }
                let body = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                if let reference = reference(body, at: locate(index)) {
                    if !literal.isEmpty { parts.append(.literal(literal)) }
                    literal = ""
                    parts.append(.reference(reference, locate(index)))
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

    /// `${1}`, `${name}`, `${values.email}`, `${order.items.0}`: a head and a path.
    private func reference(_ body: String, at location: SourceLocation) -> Reference? {
        let segments = body.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let head = segments.first, segments.allSatisfy({ !$0.isEmpty }),
            segments.allSatisfy({ ScriptContext.isIdentifier($0) || Int($0) != nil })
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

    /// Where the scalar at `index` was written: exact for a one-line scalar whose source is the
    /// text itself (plain, or quoted without escapes), else the scalar's start.
    private func locator(for scalars: [Unicode.Scalar], at location: SourceLocation, quoted: Bool)
        -> (Int) -> SourceLocation
    {
        guard let line = context.source?.line(location.line) else { return { _ in location } }
        let start = location.column - 1 + (quoted ? 1 : 0)
        let written = Array(line.unicodeScalars)
        guard start >= 0, start + scalars.count <= written.count, Array(written[start..<(start + scalars.count)]) == scalars else {
            return { _ in location }
        }
        return { location.advanced(by: $0 + (quoted ? 1 : 0)) }
    }
}
