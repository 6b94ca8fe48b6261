import ParleyCore
import ParleyModel
import Testing

/// `include` runs another file's steps: `with:` parameters win, the sub-flow's `vars:` are defaults.
@Suite("interpreter: include")
struct IncludeTests {
    @Test("with: values win over the sub-flow's vars, its other vars are defaults, and its steps report one level down")
    func withAndDefaults() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "common/greeting.yaml",
            """
            flow: Greeting
            vars: { name: friend, greeting: Hello }
            steps:
              - send: "${greeting}, I am ${name}"
            """)
        let path = try directory.write(
            "main.flow.yaml",
            """
            flow: Include a sub-flow
            steps:
              - include: common/greeting.yaml
                with: { name: Ada }
              - send: "Bye from ${name}"
            """)
        var machine = Machine(flow: try FlowText.parse(file: path))
        #expect(machine.start().command == .perform(.send(text: "Hello, I am Ada")))
        let output = machine.performed(at: .ms(10))
        #expect(output.finished == [#"  send "${greeting}, I am ${name}": passed"#, "include common/greeting.yaml: passed"])
        #expect(machine.receive(Events.turnEnded, at: .ms(100)).command == .perform(.send(text: "Bye from Ada")))
    }

    @Test("a variable the including flow already set is kept over the sub-flow's default")
    func existingVariableKept() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "greeting.yaml",
            """
            flow: Greeting
            vars: { name: friend }
            steps:
              - send: "Hi ${name}"
            """)
        let path = try directory.write(
            "main.flow.yaml",
            """
            flow: Include
            vars: { name: Grace }
            steps:
              - include: greeting.yaml
            """)
        var machine = Machine(flow: try FlowText.parse(file: path))
        #expect(machine.start().command == .perform(.send(text: "Hi Grace")))
    }

    @Test("a failure inside an include is located in the included file, and the include fails with it")
    func failureInside() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "check.yaml",
            """
            flow: Check
            steps:
              - expect: { reply: ok, within: 1s }
            """)
        let path = try directory.write(
            "main.flow.yaml",
            """
            flow: Include
            steps:
              - include: check.yaml
              - send: after
            """)
        var machine = Machine(flow: try FlowText.parse(file: path))
        _ = machine.start()
        let output = machine.deadline(at: .seconds(1))
        #expect(output.failure?.location.file.hasSuffix("check.yaml") == true)
        #expect(output.failure?.location.line == 3)
        #expect(machine.outcomes == [#"  expect reply "ok": failed"#, "include check.yaml: failed", #"send "after": skipped"#])
    }
}
