import Foundation
import ParleyTesting
import Testing

/// `parley chat`, as the built binary in a pseudo-terminal (tmux), typed into as a person would:
/// against the embedded simulator and against PolyAI messaging served on loopback. What it
/// records validates and passes when replayed against the same agent.
@Suite("parley chat in a terminal")
struct ChatCommandTests {
    let executable = ProjectPaths.product("parley")

    @Test("chat with the simulator: a message, a tap refused and one made, a form filled and submitted; the recording replays green")
    func simulator() async throws {
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Flows")
        let terminal = try TmuxSession("\(executable.path) chat --record recorded/order.flow.yaml", in: project)
        defer { terminal.stop() }
        try await terminal.waitFor("How can I help?")
        try await terminal.type("Where is my order A-1042?")
        // A person reads the reply and its suggestions before answering; so does the test.
        try await terminal.waitFor("[1] Track package")
        #expect(try await terminal.screen().contains("tool call lookup_order"), "tool calls show as they arrive")
        try await terminal.type("/tap 9")
        try await terminal.waitFor("no suggestion 9: offered are 1 to 2")
        try await terminal.type("/tap 1")
        try await terminal.waitFor("[1] Something else")
        try await terminal.type("Can someone contact me about a billing problem?")
        try await terminal.waitFor("then /submit submit_btn")
        try await terminal.type("/fill name_field: Ada Lovelace, email_field: ada@example.com")
        try await terminal.waitFor("(staged;")
        try await terminal.type("/fill country_dropdown: france")
        try await terminal.waitFor(#"country_dropdown: "france" is not one of its options"#)
        try await terminal.type("/submit submit_btn country_dropdown: uk, topic_radio: billing")
        try await terminal.waitFor("within one business day.", count: 2)
        try await terminal.type("/quit")
        let screen = try await terminal.waitFor("[exit 0]")
        #expect(screen.contains("Recorded 5 steps to recorded/order.flow.yaml"), "\(screen)")

        let recorded = try String(contentsOf: project.appendingPathComponent("recorded/order.flow.yaml"), encoding: .utf8)
        for line in [
            #"  - send: "Where is my order A-1042?""#,
            #"  - expect: { tool_call: { name: "lookup_order", args: { "order_id": "A-1042" } } }"#,
            #"  - tap: "Track package""#,
            #"  - expect: { form: { id: "contact_form" } }"#,
            #"    submit: "submit_btn""#,
            #"  - expect: { goal_completed: { id: "contact_form" } }"#,
        ] {
            #expect(recorded.contains(line + "\n"), "\(line)\nin\n\(recorded)")
        }
        #expect(!recorded.contains("france"), "a refused step is not recorded")
        let parley = CommandRunner(executable: executable, directory: project)
        let validated = try await parley.run(["validate", "recorded/order.flow.yaml"])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        let replayed = try await parley.run(["run", "recorded/order.flow.yaml"])
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
        #expect(replayed.stdout.contains("1 flow: 1 passed"), "\(replayed.stdout)")
    }

    @Test("chat over PolyAI messaging served on loopback (--agent demo-poly): typing and replies as they arrive; the recording names the agent and replays green")
    func servedProtocol() async throws {
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Flows")
        let terminal = try TmuxSession("\(executable.path) chat --agent demo-poly --record polyai/recorded.flow.yaml", in: project)
        defer { terminal.stop() }
        try await terminal.waitFor("How can I help?")
        try await terminal.type("Where is my order A-1042?")
        try await terminal.waitFor("[1] Track package")
        try await terminal.type("/tap Track package")
        try await terminal.waitFor("[1] Something else")
        try await terminal.type("/quit")
        let screen = try await terminal.waitFor("[exit 0]")
        #expect(screen.contains("(agent typing)"), "PolyAI's typing indicator shows: \(screen)")
        #expect(screen.contains("Recorded 2 steps"), "\(screen)")

        let recorded = try String(contentsOf: project.appendingPathComponent("polyai/recorded.flow.yaml"), encoding: .utf8)
        #expect(recorded.contains(#"agent: "demo-poly""#))
        let replayed = try await CommandRunner(executable: executable, directory: project).run(["run", "polyai/recorded.flow.yaml"])
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
        #expect(replayed.stdout.contains("1 flow: 1 passed"), "\(replayed.stdout)")
    }

    @Test("chat refuses what it cannot do before it starts: an unknown agent, a recording over a file, a file run would not find")
    func refusals() async throws {
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let parley = CommandRunner(executable: executable, directory: folder.appendingPathComponent("Flows"))
        let unknown = try await parley.run(["chat", "--agent", "dmeo"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--agent dmeo: no such agent"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("did you mean 'demo'?"), "\(unknown.stderr)")
        let taken = try await parley.run(["chat", "--record", "01-order-status.flow.yaml"])
        #expect(taken.status == 2)
        #expect(taken.stderr.contains("01-order-status.flow.yaml exists; give --force"), "\(taken.stderr)")
        let notAFlow = try await parley.run(["chat", "--record", "notes.txt"])
        #expect(notAFlow.status != 0 && notAFlow.stderr.contains("--record must name a *.flow.yaml file"), "\(notAFlow.stderr)")
    }
}
