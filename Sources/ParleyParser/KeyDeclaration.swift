/// One key a mapping in a flow or parley.yaml may hold, declared once: the parser's allowed and
/// required keys and its "did you mean", and the schema's property with its hover text, all
/// come from here.
struct KeyDeclaration: Hashable, Sendable {
    /// The key as written.
    let name: String
    /// Whether the mapping must hold it.
    let isRequired: Bool
    /// Keys people write for this one, matched whole: `timeout` in an expectation means `within`.
    let aliases: [String]
    /// One sentence for editors and `parley schema`.
    let summary: String

    /// Declares a key.
    init(_ name: String, required: Bool = false, aliases: [String] = [], _ summary: String) {
        self.name = name
        isRequired = required
        self.aliases = aliases
        self.summary = summary
    }
}

extension [KeyDeclaration] {
    /// The keys' names, in order.
    var names: [String] { map(\.name) }

    /// The names of the keys a mapping must hold.
    var requiredNames: [String] { filter(\.isRequired).map(\.name) }

    /// Each alias with the key it stands for.
    var aliases: [String: String] {
        var table: [String: String] = [:]
        for key in self {
            for alias in key.aliases { table[alias] = key.name }
        }
        return table
    }

    /// The declaration of `name`, if any.
    func declaration(_ name: String) -> KeyDeclaration? {
        first { $0.name == name }
    }
}
