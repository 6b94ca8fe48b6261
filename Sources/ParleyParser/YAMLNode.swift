import Foundation
import ParleyModel

/// A YAML node with its location, our own shape so the rest of the parser never sees Yams.
public struct YAMLNode: Sendable {
    /// The node's content.
    public var value: Value
    /// Where it starts.
    public var location: SourceLocation

    /// The content of a node.
    public indirect enum Value: Sendable {
        /// A scalar: its text and whether it was quoted or a block (so `"5"` stays a string).
        case scalar(String, quoted: Bool)
        /// A mapping; keys are scalars (complex keys are refused when loading).
        case mapping([(key: Located<String>, value: YAMLNode)])
        /// A sequence.
        case sequence([YAMLNode])
    }

    /// What a scalar means under the YAML 1.2 core schema.
    public enum ScalarMeaning: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
    }

    /// The scalar's meaning, or nil for a mapping or sequence.
    public var scalarMeaning: ScalarMeaning? {
        guard case .scalar(let text, let quoted) = value else { return nil }
        if quoted { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let number = Self.number(text) { return .number(number) }
        return .string(text)
    }

    /// A short name of the node's shape, for "expected …, got …" messages.
    public var shapeName: String {
        switch value {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            switch scalarMeaning {
            case .null: return "nothing"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string(let text): return "'\(text)'"
            case nil: return "nothing"
            }
        }
    }

    private static func number(_ text: String) -> Double? {
        guard let first = text.unicodeScalars.first,
            "0123456789-+.".unicodeScalars.contains(first)
        else { return nil }
        if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return Double(value) }
        guard text.allSatisfy({ "0123456789-+.eE_".contains($0) }) else { return nil }
        return Double(text.replacingOccurrences(of: "_", with: ""))
    }
}
