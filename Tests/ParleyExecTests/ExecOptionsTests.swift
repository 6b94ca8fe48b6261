import ParleyExec
import ParleyModel
import Testing

/// The `exec:` settings of parley.yaml: what is read, and the message for each mistake.
@Suite("exec plugin: settings")
struct ExecOptionsTests {
    func message(_ settings: [String: JSONValue]) -> String {
        do {
            _ = try ExecPlugin.Options.parse(settings)
            return "parsed"
        } catch {
            return "\(error)"
        }
    }

    @Test("command, args, env and flush are read; the defaults are no arguments, no variables and a 10s flush")
    func reads() throws {
        let plain = try ExecPlugin.Options.parse(["command": "plugins/notify.py"])
        #expect(plain == ExecPlugin.Options(command: "plugins/notify.py"))
        #expect(plain.flush == .seconds(10) && plain.args.isEmpty && plain.env.isEmpty)
        let full = try ExecPlugin.Options.parse([
            "command": "python3", "args": ["notify.py", 3, true], "env": .object([JSONMember("CHANNEL", "qa"), JSONMember("RETRIES", 2)]),
            "flush": "2m",
        ])
        #expect(full.args == ["notify.py", "3", "true"])
        #expect(full.env == ["CHANNEL": "qa", "RETRIES": "2"])
        #expect(full.flush == .seconds(120))
        #expect(ExecPlugin.Options.settingKeys == ["command", "args", "env", "flush"])
    }

    @Test("each mistake is named with its key")
    func mistakes() {
        #expect(message([:]) == "exec: command: required: the program to run, a path or a name on PATH")
        #expect(message(["command": " "]) == #"exec: command: required: the program to run, a path or a name on PATH; got " ""#)
        #expect(message(["command": 3]) == "exec: command: required: the program to run, a path or a name on PATH; got 3")
        #expect(message(["command": "x", "shell": true]) == "exec: shell: unknown setting; expected one of command, args, env, flush")
        #expect(message(["command": "x", "args": "--verbose"]) == #"exec: args: expected a list of strings; got "--verbose""#)
        #expect(message(["command": "x", "args": [.object([])]]) == "exec: args: expected a list of strings; got {} in it")
        #expect(message(["command": "x", "env": ["A"]]) == #"exec: env: expected a map of variable names to strings; got [ "A" ]"#)
        #expect(message(["command": "x", "env": .object([JSONMember("A=B", "c")])]) == #"exec: env: "A=B" is not a variable name"#)
        #expect(message(["command": "x", "env": .object([JSONMember("TOKEN", ["s3cret"])])]) == "exec: env: TOKEN: expected a string, number or true/false")
        #expect(message(["command": "x", "flush": "0s"]) == #"exec: flush: expected a duration from 1ms to 10m, like 10s or 1m; got "0s""#)
        #expect(message(["command": "x", "flush": "11m"]) == #"exec: flush: expected a duration from 1ms to 10m, like 10s or 1m; got "11m""#)
        #expect(message(["command": "x", "flush": 5]) == "exec: flush: expected a duration from 1ms to 10m, like 10s or 1m; got 5")
    }

    @Test("printed options never show the environment's values, which may be secrets")
    func descriptionMasksEnv() {
        let options = ExecPlugin.Options(command: "notify", args: ["-v"], env: ["TOKEN": "s3cret"])
        #expect(options.description == #"exec(command: notify, args: ["-v"], env: [TOKEN=***], flush: 10s)"#)
    }
}
