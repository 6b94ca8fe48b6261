import Foundation

/// JSON text for the messages of a RunAgentInput.
enum Message {
    static func user(_ id: String, _ text: String) -> String {
        #"{"id":"\#(id)","role":"user","content":\#(quoted(text))}"#
    }

    static func assistant(_ id: String, _ text: String = "", toolCalls: [(id: String, name: String)] = []) -> String {
        let calls = toolCalls.map { #"{"id":"\#($0.id)","type":"function","function":{"name":"\#($0.name)","arguments":"{}"}}"# }
        let callsField = calls.isEmpty ? "" : #","toolCalls":[\#(calls.joined(separator: ","))]"#
        return #"{"id":"\#(id)","role":"assistant","content":\#(quoted(text))\#(callsField)}"#
    }

    static func tool(_ id: String, call: String, content: String) -> String {
        #"{"id":"\#(id)","role":"tool","toolCallId":"\#(call)","content":\#(quoted(content))}"#
    }

    static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
