import ParleyCore
import ParleyModel
import Testing

/// `set`, `log`, `wait`, vars, data rows and `--var` overrides.
@Suite("interpreter: set, log, wait and variables")
struct VariablesAndTimeTests {
    @Test("set renders with the variables so far; log notes its text")
    func setAndLog() throws {
        var machine = try Machine(
            """
            flow: Variables
            vars: { name: Ada }
            steps:
              - set: { greeting: "Hello ${name}", count: 2 }
              - log: "${greeting} x${count}"
              - send: "${greeting}"
            """)
        let output = machine.start()
        #expect(output.notes.contains(.log("Hello Ada x2")))
        #expect(output.command == .perform(.send(text: "Hello Ada")))
        #expect(machine.outcomes == ["set greeting, count: passed", #"log "${greeting} x${count}": passed"#])
    }

    @Test("wait lets time pass while events keep arriving, then the flow goes on")
    func wait() throws {
        var machine = try Machine(
            """
            flow: Pause
            steps:
              - send: hi
              - wait: 1500ms
              - expect: reply
            """)
        _ = machine.start()
        #expect(machine.performed(at: .ms(100)).command == .awaitEvent(until: .ms(1_600)))
        #expect(machine.receive(Events.reply("Hello"), at: .ms(700)).command == .awaitEvent(until: .ms(1_600)))
        let output = machine.deadline(at: .ms(1_600))
        #expect(output.finished == ["wait 1.5s: passed", "expect reply: passed"])
        #expect(output.command == .finish(.passed))
    }

    @Test("a data row overrides vars, and --var overrides both")
    func precedence() throws {
        let flow = """
            flow: Precedence
            vars: { order: A-1, status: shipped, channel: web }
            steps:
              - send: "${order} ${status} ${channel}"
            """
        let location = FlowText.at(1, 1)
        let row = [
            Assignment(name: "order", value: .string(Template(literal: "B-2", location: location)), location: location),
            Assignment(name: "status", value: .string(Template(literal: "delayed", location: location)), location: location),
        ]
        var machine = try Machine(flow, settings: FlowInterpreter.Settings(overrides: ["status": "lost"], row: row))
        #expect(machine.start().command == .perform(.send(text: "B-2 lost web")))
    }

    @Test("env and secret references read the injected environment and report the secrets they used")
    func environment() throws {
        var machine = try Machine(
            """
            flow: Env
            steps:
              - send: "${env.REGION} ${secret.TOKEN}"
            """,
            settings: FlowInterpreter.Settings(environment: { reference in
                switch reference {
                case .environment("REGION"): return "eu"
                case .secret("TOKEN"): return "s3cr3t"
                default: return nil
                }
            }))
        let output = machine.start()
        #expect(output.notes.contains(.secrets(["s3cr3t"])))
        #expect(output.command == .perform(.send(text: "eu s3cr3t")))
        let secretsNote = output.notes.firstIndex(of: .secrets(["s3cr3t"]))
        let actionNote = output.notes.firstIndex(of: .userAction(.send(text: "eu s3cr3t")))
        #expect(secretsNote != nil && actionNote != nil && secretsNote! < actionNote!)
    }

    @Test("a flow variable that cannot be rendered fails the flow before any step, and every step is skipped")
    func varsFail() throws {
        var machine = try Machine(
            """
            flow: Vars
            vars: { token: "${secret.TOKEN}" }
            steps:
              - send: hi
              - expect: reply
            """)
        let output = machine.start()
        #expect(output.failure?.location == FlowText.at(2, 9))
        #expect(output.failure?.message == "secret TOKEN is not set (set TOKEN, or TOKEN_FILE to a file holding it)")
        #expect(output.failure?.cause == .mismatch)
        #expect(machine.outcomes == [#"send "hi": skipped"#, "expect reply: skipped"])
    }

    @Test("a secret that is not set fails the step that needs it, with its location")
    func missingSecret() throws {
        var machine = try Machine(
            """
            flow: Env
            steps:
              - send: "token ${secret.TOKEN}"
            """)
        let output = machine.start()
        // The failure is at the reference, so the message need not name its place again.
        #expect(output.failure?.message == "secret TOKEN is not set (set TOKEN, or TOKEN_FILE to a file holding it)")
        #expect(output.failure?.location == FlowText.at(3, 18))
        #expect(machine.outcomes == [#"send "token ${secret.TOKEN}": failed"#])
    }

    @Test("a reference on another line than its step fails there")
    func missingSecretOnAnotherLine() throws {
        var machine = try Machine(
            """
            flow: Env
            steps:
              - send:
                  text: "token ${secret.TOKEN}"
            """)
        let output = machine.start()
        #expect(output.failure?.message == "secret TOKEN is not set (set TOKEN, or TOKEN_FILE to a file holding it)")
        #expect(output.failure?.location == FlowText.at(4, 20))
    }
}
