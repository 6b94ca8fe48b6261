/// A string with `${…}` references, parsed once so running a flow never re-scans text.
public struct Template: Hashable, Sendable {
    /// The literal and variable pieces, in order.
    public var parts: [Part]
    /// Where the string starts in its file.
    public var location: SourceLocation
    /// Set on what the flow sends and on matcher operands: a reference that renders empty fails
    /// the render, so an empty value never silently reaches the agent or a matcher (where
    /// `contains: ""` would pass on anything).
    public var refusesEmpty = false

    /// One piece of a template.
    public enum Part: Hashable, Sendable {
        /// Text copied as written (escapes already undone).
        case literal(String)
        /// A reference, with the location of its `$`.
        case reference(Reference, SourceLocation)
    }

    /// Creates a template from parts.
    public init(parts: [Part], location: SourceLocation) {
        self.parts = parts
        self.location = location
    }

    /// A template holding plain text only.
    public init(literal: String, location: SourceLocation) {
        self.init(parts: literal.isEmpty ? [] : [.literal(literal)], location: location)
    }

    /// This template, refusing empty values (`refusesEmpty`).
    public var refusingEmpty: Template {
        var copy = self
        copy.refusesEmpty = true
        return copy
    }

    /// The text when the template has no references; nil otherwise.
    public var literalText: String? {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let piece): text += piece
            case .reference: return nil
            }
        }
        return text
    }

    /// Every reference in the template, with its location.
    public var references: [(Reference, SourceLocation)] {
        parts.compactMap { part in
            switch part {
            case .literal: return nil
            case .reference(let reference, let location): return (reference, location)
            }
        }
    }
}

/// What a `${…}` names.
public enum Reference: Hashable, Sendable, CustomStringConvertible {
    /// `${name}` or `${name.path.to.field}`: a flow variable, optionally reaching into JSON.
    case variable(name: String, path: [String])
    /// `${env.NAME}`: the process environment.
    case environment(String)
    /// `${secret.NAME}`: environment variable NAME, or the file named by NAME_FILE; redacted everywhere.
    case secret(String)

    /// The text between the braces.
    public var description: String {
        switch self {
        case .variable(let name, let path): return ([name] + path).joined(separator: ".")
        case .environment(let name): return "env.\(name)"
        case .secret(let name): return "secret.\(name)"
        }
    }
}
