import ParleyModel
import ParleyParser

/// `state_delta`: a JSON Patch (RFC 6902), checked operation by operation so a misspelled `op` or
/// a path that is no JSON Pointer fails when the script is read, not as a patch the client
/// refuses in the middle of a run.
extension PlayReader {
    static let patchKeys = ["op", "path", "value", "from"]
    private static let patchExample = "{ op: add, path: /cart/-, value: … }"

    func patch(_ node: YAMLNode) -> ValueTemplate? {
        guard case .sequence(let items) = node.value, !items.isEmpty else {
            context.wrongShape(node, expected: "a non-empty list of JSON Patch operations, like [\(Self.patchExample)]")
            return nil
        }
        // Every operation is checked, so one mistake does not hide the next.
        let checked = items.map(operation)
        return checked.allSatisfy { $0 } ? context.scriptValueTemplate(node) : nil
    }

    /// Whether `node` is a well-formed operation; reports what is wrong otherwise.
    private func operation(_ node: YAMLNode) -> Bool {
        guard let map = MappingReader(node, context, expected: "a JSON Patch operation, a mapping like \(Self.patchExample)") else {
            return false
        }
        let place = "a 'state_delta' operation"
        map.rejectUnknownKeys(allowed: Self.patchKeys, in: place, context)
        map.require(["op", "path"], in: place, context)
        guard let opNode = map["op"], let pathNode = map["path"],
            let op = context.word(opNode, PatchOperation.self, what: "patch operation")
        else { return false }
        var valid = pointer(pathNode) && map.pairs.allSatisfy { Self.patchKeys.contains($0.key.value) }
        switch op {
        case .add, .replace, .test:
            if map["value"] == nil {
                context.error("'\(op.rawValue)' needs 'value'", at: node.location)
                valid = false
            }
        case .move, .copy:
            if let from = map["from"] {
                valid = pointer(from) && valid
            } else {
                context.error("'\(op.rawValue)' needs 'from'", at: node.location)
                valid = false
            }
        case .remove:
            break
        }
        return valid
    }

    /// A JSON Pointer: empty (the whole state) or starting with `/`; a template is let through,
    /// since what it renders to is only known when the rule plays.
    private func pointer(_ node: YAMLNode) -> Bool {
        guard case .string(let text)? = node.scalarMeaning, case .scalar = node.value else {
            context.wrongShape(node, expected: "a JSON Pointer, like /cart/-")
            return false
        }
        if text.isEmpty || text.hasPrefix("/") || text.hasPrefix("${") { return true }
        context.error(
            "'\(text)' is not a JSON Pointer (empty for the whole state, or starting with '/'); did you mean '/\(text)'?", at: node.location)
        return false
    }
}
