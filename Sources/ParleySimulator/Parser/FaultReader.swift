import ParleyModel
import ParleyParser

/// Reads `fault:` values: a bare word (`fault: drop_connection`) or, for the faults that need a
/// value, a one-key mapping (`fault: { close: 4001 }`, `fault: { delay_echo: 4s }`,
/// `fault: { outage: 60s }`).
struct FaultReader {
    let context: ParseContext

    /// The faults written as a bare word.
    static let words = ["drop_connection", "duplicate_next", "reorder_next", "malformed_frame", "binary_frame"]
    /// The faults that take a value.
    static let valued = ["close", "delay_echo", "outage"]
    static let names = words + valued

    /// The longest close reason a close frame can carry: 125 payload bytes less the 2-byte code.
    static let maximumReasonBytes = 123

    func fault(_ node: YAMLNode) -> ScriptFault? {
        switch node.value {
        case .scalar(let word, _):
            return bare(word, at: node.location)
        case .mapping(let pairs) where pairs.count == 1:
            let (key, value) = pairs[0]
            switch key.value {
            case "close": return close(value)
            case "delay_echo": return context.duration(value).map(ScriptFault.delayEcho)
            case "outage": return context.duration(value).map(ScriptFault.outage)
            default:
                if Self.words.contains(key.value) {
                    context.error("fault '\(key.value)' takes no value: write 'fault: \(key.value)'", at: key.location)
                } else {
                    unknown(key.value, at: key.location)
                }
                return nil
            }
        case .mapping(let pairs) where pairs.count > 1:
            context.error(
                "one fault per 'fault:': found '\(pairs[0].key.value)' and '\(pairs[1].key.value)'; start a new '- fault:' for each",
                at: pairs[1].key.location)
            return nil
        case .mapping, .sequence:
            context.wrongShape(node, expected: "a fault, like 'drop_connection' or { close: 4001 }")
            return nil
        }
    }

    private func bare(_ word: String, at location: SourceLocation) -> ScriptFault? {
        switch word {
        case "drop_connection": return .dropConnection
        case "duplicate_next": return .duplicateNext
        case "reorder_next": return .reorderNext
        case "malformed_frame": return .malformedFrame
        case "binary_frame": return .binaryFrame
        case "close":
            context.error("fault 'close' needs a code: 'fault: { close: 4001 }' or 'fault: { close: { code: 4001, reason: … } }'", at: location)
            return nil
        case "delay_echo", "outage":
            context.error("fault '\(word)' needs a duration: 'fault: { \(word): 4s }'", at: location)
            return nil
        default:
            unknown(word, at: location)
            return nil
        }
    }

    private func unknown(_ word: String, at location: SourceLocation) {
        context.error(
            "unknown fault '\(word)' (expected one of \(Self.names.joined(separator: ", ")))\(Suggestion.hint(for: word, in: Self.names))",
            at: location)
    }

    /// `close: 4001` or `close: { code: 4001, reason: … }`.
    private func close(_ node: YAMLNode) -> ScriptFault? {
        if case .scalar = node.value {
            return code(node).map { ScriptFault.close(code: $0, reason: nil) }
        }
        guard let map = MappingReader(node, context, expected: "a close code like 4001, or { code: 4001, reason: … }") else { return nil }
        map.rejectUnknownKeys(allowed: ["code", "reason"], in: "'close'", context)
        map.require(["code"], in: "'close'", context)
        guard let code = map["code"].flatMap(code) else { return nil }
        guard let reasonNode = map["reason"] else { return .close(code: code, reason: nil) }
        guard let reason = context.string(reasonNode, "a close reason (text)") else { return nil }
        guard reason.utf8.count <= Self.maximumReasonBytes else {
            context.error(
                "a close reason is at most \(Self.maximumReasonBytes) bytes (a close frame carries 125 with its code); this one has \(reason.utf8.count)",
                at: reasonNode.location)
            return nil
        }
        return .close(code: code, reason: reason)
    }

    /// A close code a server may send (RFC 6455 7.4): 1000-1003, 1007-1014, or 3000-4999.
    private func code(_ node: YAMLNode) -> Int? {
        guard let code = context.count(node, minimum: 1000, "a close code") else { return nil }
        switch code {
        case 1000...1003, 1007...1014, 3000...4999:
            return code
        case 1006:
            context.error(
                "close code 1006 is never sent: a client reports it when the connection ends without a close frame; use 'fault: drop_connection'",
                at: node.location)
        case 1004, 1005, 1015:
            context.error("close code \(code) is reserved and never sent in a close frame (RFC 6455 7.4.1)", at: node.location)
        default:
            context.error("close code \(code) is not one a server may send: use 1000-1003, 1007-1014 or 3000-4999", at: node.location)
        }
        return nil
    }
}
