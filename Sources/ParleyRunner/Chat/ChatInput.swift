import Foundation
import ParleyModel
import ParleyParser

/// A line typed at `parley chat`'s prompt: text to send, or a short command for the other actions.
/// Each action becomes the flow step a person would write, so the recording is that step and the
/// chat checks it exactly as a flow's step is checked.
public enum ChatInput: Hashable, Sendable {
    /// One flow step, as the lines of a list item (the first follows `- `).
    case step([String])
    case help
    case quit
    case nothing
    /// A command that cannot be read, and why.
    case problem(String)

    /// The commands, for `/help` and for "did you mean".
    public static let commands: [(String, String)] = [
        ("/tap TEXT|N", "tap a suggestion, by its text or its number"),
        ("/fill FIELD: VALUE, …", "fill form fields (YAML: a list is [a, b]); staged until /submit"),
        ("/submit BUTTON [FIELD: VALUE, …]", "submit the form with its button, and any last values"),
        ("/click ELEMENT [CARD]", "press a card's or message's button"),
        ("/slot DAY HH:MM", "pick a slot on the scheduler, e.g. /slot tuesday 10:30"),
        ("/typing", "send a typing indicator"),
        ("/end", "end the conversation"),
        ("/quit", "leave (Ctrl-D too); --record writes the flow then"),
        ("/help", "this list"),
        ("//TEXT", "send text that starts with /"),
    ]

    /// Reads `line`; `suggestions` are the ones offered last, for `/tap N`.
    public static func read(_ line: String, suggestions: [String]) -> ChatInput {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .nothing }
        if trimmed.hasPrefix("//") { return .step(["send: " + quoted(String(trimmed.dropFirst()))]) }
        guard trimmed.hasPrefix("/") else { return .step(["send: " + quoted(trimmed)]) }
        let parts = trimmed.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let command = parts[0]
        let rest = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        switch command {
        case "help", "?": return .help
        case "quit", "exit", "q": return .quit
        case "end": return .step(["end"])
        case "typing": return .step(["typing"])
        case "tap":
            guard !rest.isEmpty else { return .problem("/tap needs a suggestion: /tap TEXT or /tap N") }
            if let number = Int(rest) {
                guard suggestions.indices.contains(number - 1) else {
                    return .problem("no suggestion \(number): \(suggestions.isEmpty ? "none is offered" : "offered are 1 to \(suggestions.count)")")
                }
                return .step(["tap: " + quoted(suggestions[number - 1])])
            }
            return .step(["tap: " + quoted(rest)])
        case "fill":
            guard !rest.isEmpty else { return .problem("/fill needs values: /fill name_field: Ada, country: uk") }
            return .step(["fill: { \(rest) }"])
        case "submit":
            let words = rest.split(separator: " ", maxSplits: 1).map(String.init)
            guard let button = words.first else { return .problem("/submit needs the form's button: /submit submit_btn") }
            return .step(["fill: { \(words.count > 1 ? words[1] : "") }", "submit: " + quoted(button)])
        case "click":
            let words = rest.split(separator: " ").map(String.init)
            switch words.count {
            case 1: return .step(["click: " + quoted(words[0])])
            case 2: return .step(["click: { element: \(quoted(words[0])), card: \(quoted(words[1])) }"])
            default: return .problem("/click needs a button, and may name its card: /click buy_btn [headphones_card]")
            }
        case "slot":
            guard !rest.isEmpty else { return .problem("/slot needs a day and time: /slot tuesday 10:30") }
            return .step(["schedule: { slot: \(quoted(rest)) }"])
        default:
            let names = commands.map { String($0.0.dropFirst().prefix { $0 != " " }) }.filter { !$0.hasPrefix("/") }
            return .problem("unknown command /\(command)\(Suggestion.hint(for: command, in: names)); /help lists them")
        }
    }

    /// `text` as a YAML double-quoted scalar that a flow reads back as exactly `text`: JSON's
    /// escapes, and `$` doubled, since flow text is a template (`$$` writes one `$`).
    public static func quoted(_ text: String) -> String {
        JSONValue.quoted(text).replacingOccurrences(of: "$", with: "$$")
    }
}
