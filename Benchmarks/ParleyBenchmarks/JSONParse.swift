import Foundation
import ParleyCore
import ParleyModel

/// AG-UI event payloads parsed into `JSONValue` two ways: `JSONValue(parsing:)` (bytes straight
/// into values) and the Foundation route it replaced (`JSONSerialization`, then conversion), over
/// the same four typical events (issue 20, point 4). Under `valgrind --tool=callgrind` with
/// `--rounds 0` and a real count, the difference of the two totals is the instructions per event.
enum JSONParse {
    static let events = [
        #"{"type":"TEXT_MESSAGE_CONTENT","messageId":"msg-12","delta":"Order A-1042 has shipped and should arrive"}"#,
        #"{"type":"RUN_STARTED","threadId":"thread-8812","runId":"run-3","timestamp":1764213000123}"#,
        #"{"type":"TOOL_CALL_ARGS","toolCallId":"call-1","delta":"{\"order\": \"A-1042\", \"verbose\": true}"}"#,
        #"{"type":"STATE_SNAPSHOT","snapshot":{"cart":{"items":[{"sku":"X-1","qty":2,"price":19.99},{"sku":"Y-7","qty":1,"price":5.5}],"total":45.48},"user":{"name":"Zoë","tier":"gold","tags":["a","b","c"]},"step":3,"done":false,"note":null}}"#,
    ]

    /// Parses the events `rounds` times each way (or only `only`'s way) and prints the time per event.
    static func run(rounds: Int, only: String?) {
        let ways: [(String, (String) -> JSONValue?)] = [
            ("parsing", { try? JSONValue(parsing: $0) }),
            ("foundation", { text in
                let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
                return object.flatMap(JSONValue.init(foundation:))
            }),
        ]
        for (name, parse) in ways where only == nil || only == name {
            var parsed = 0
            let started = ContinuousClock.now
            for _ in 0..<rounds {
                for event in events where parse(event) != nil { parsed += 1 }
            }
            let elapsed = ContinuousClock.now - started
            guard parsed == rounds * events.count else { fatalError("\(name): an event did not parse") }
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            print("\(name): \(parsed) events, \(String(format: "%.0f", nanoseconds / Double(max(1, parsed)))) ns per event")
        }
    }
}
