import Foundation
import ParleyTesting
import Testing

/// The canary, end to end: the real binary runs flows against a simulator agent that echoes the
/// secret back changed (JSON-escaped, split across streamed chunks, decomposed, percent-encoded in
/// a URL, inside a header line, in tool call arguments), and no output at any log level holds it.
@Suite("parley run: a secret echoed back changed")
struct SecretCanaryTests {
    let executable = ProjectPaths.product("parley")

    /// A canary with characters that escape (`"`, `/`, `é`) and two random parts that no escaping
    /// changes: an output that holds either part holds (some of) the secret, however it is spelled.
    struct Canary {
        let first = String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(8))
        let second = String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(8))
        var value: String { "c4n\"ry/\u{E9}-\(first)-\(second)" }

        /// Every character outside ASCII letters and digits as `\uXXXX`, `"` as `\"` and `/` as `\/`.
        var jsonEscaped: String {
            value.unicodeScalars.map { scalar in
                switch scalar {
                case "\"": return #"\""#
                case "/": return #"\/"#
                case _ where scalar.isASCII: return String(scalar)
                default:
                    let hex = String(scalar.value, radix: 16)
                    return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }.joined()
        }

        var percentEncoded: String {
            value.utf8.map { byte in
                let character = Character(Unicode.Scalar(byte))
                return byte < 0x80 && (character.isLetter || character.isNumber || character == "-") ? String(character) : String(format: "%%%02X", byte)
            }.joined()
        }

        var decomposed: String { value.decomposedStringWithCanonicalMapping }

        func leaks(_ text: String) -> Bool { text.contains(first) || text.contains(second) }
    }

    /// A YAML double-quoted scalar holding `text` exactly.
    static func yaml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += #"\\"#
            case "\"": out += #"\""#
            case _ where scalar.value < 0x20: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A project whose agent echoes `canary` in every form, one flow per form, each failing so the
    /// failure message quotes the echo.
    static func project(_ canary: Canary, in folder: URL, level: String, hookPort: Int) throws {
        let split = "c4n\"ry/\u{E9}-\(canary.first)-"
        let forms: [(String, String)] = [
            ("json", "reply: { text: \(yaml(#"{"token": ""# + canary.jsonEscaped + #""}"#)) }"),
            ("split", "reply: { chunks: [\(yaml("Your token is " + split)), \(yaml(canary.second + ", keep it safe"))] }"),
            ("nfd", "reply: { text: \(yaml("Your token is " + canary.decomposed)) }"),
            ("url", "reply: { text: \(yaml("Open https://example.com/cb?token=\(canary.percentEncoded)&x=1")) }"),
            ("header", "reply: { text: \(yaml("Send Authorization: Bearer \(canary.jsonEscaped)\r\nX-Next: 1")) }"),
            ("tool", "tool_call: { name: store, args: { token: \(yaml(canary.value)) }, result: { stored: \(yaml(canary.percentEncoded)) } }"),
        ]
        var script = "agent: { id: echo, name: Echo }\ntiming: { chunks: 3, chunk_delay: 5ms }\nrules:\n"
        for (name, event) in forms {
            script += "  - when: { text: '^\(name) ' }\n    play:\n      - run_started\n      - \(event)\n"
            if name == "tool" { script += "      - reply: stored\n" }
            script += "      - run_finished\n"
        }
        try script.write(to: folder.appendingPathComponent("echo.agent.yaml"), atomically: true, encoding: .utf8)
        for (name, _) in forms {
            let expect = "{ reply: { contains: never said }, within: 1s }"
            try """
            flow: Echo \(name)
            steps:
              - send: "\(name) ${secret.PARLEY_CANARY}"
              - expect: \(expect)
            """.write(to: folder.appendingPathComponent("\(name).flow.yaml"), atomically: true, encoding: .utf8)
        }
        try """
        agents:
          echo: { connector: simulator, script: echo.agent.yaml }
        plugins:
          - log: { level: \(level), color: never }
          - files: { dir: reports, junit: junit.xml, json: report.json, transcripts: true }
          - webhook: { url: "http://127.0.0.1:\(hookPort)/hook", on: [always], per: flow }
          - webhook: { url: "http://127.0.0.1:\(hookPort)/hook", on: [always], per: run }

        """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
    }

    @Test(
        "no form of an echoed secret reaches the console, transcripts, JSON, JUnit or webhook bodies, at any log level",
        arguments: ["error", "warning", "info", "debug"])
    func echoedFormsNeverLeak(level: String) async throws {
        let canary = Canary()
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bodies = folder.appendingPathComponent("webhook-bodies.txt")
        let server = try await HookServer(bodies: bodies)
        defer { server.stop() }
        let project = folder.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Self.project(canary, in: project, level: level, hookPort: server.port)
        // Read from a _FILE that ends in CR LF, as a file saved on Windows does.
        let secretFile = folder.appendingPathComponent("canary.txt")
        try Data((canary.value + "\r\n").utf8).write(to: secretFile)
        let output = try await CommandRunner(executable: executable, directory: project, environment: ["PARLEY_CANARY_FILE": secretFile.path])
            // The six flows at once: each fails when its reply's second is up.
            .run(["run", ".", "--parallel", "6"])
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(output.stdout.contains("6 flows: 0 passed, 0 flaky, 6 failed"), "\(output.stdout)")
        #expect(output.stdout.contains("***"), "the echoes are shown, masked")
        #expect(!canary.leaks(output.stdout), "console at \(level): \(output.stdout)")
        #expect(!canary.leaks(output.stderr))
        let files = RunFixtures.texts(under: project.appendingPathComponent("reports"))
        #expect(files.count == 8, "JUnit, JSON and six transcripts: \(files.keys.sorted())")
        for (path, text) in files { #expect(!canary.leaks(text), "\(path) leaks the secret:\n\(text)") }
        let posted = try String(contentsOf: bodies, encoding: .utf8)
        #expect(posted.split(separator: "\n").count == 7, "six per-flow bodies and one per-run body")
        #expect(posted.contains("***") && !canary.leaks(posted), "\(posted)")
        // The streamed deltas of the split reply still make up the masked reply.
        let transcript = try #require(files["transcripts/split.jsonl"])
        let deltas = transcript.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["kind"] as? String == "text_delta", let fields = object["fields"] as? [String: Any]
            else { return nil }
            return fields["delta"] as? String
        }
        #expect(deltas.joined() == "Your token is ***, keep it safe", "\(deltas)")
    }

    @Test("a secret that would break a header is refused before anything runs, named but never shown")
    func headerBreakingSecret() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hex = String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(12))
        let secretFile = folder.appendingPathComponent("token.txt")
        // A line break inside the value: trimming the file's last line break cannot help.
        try Data("t0k-\(hex)\nX-Injected: 1\n".utf8).write(to: secretFile)
        try """
        agents:
          api: { connector: agui, url: "http://127.0.0.1:9/agent", headers: { Authorization: "Bearer ${secret.API_TOKEN}" } }
        plugins:
          - files: { dir: reports, junit: junit.xml, json: report.json, transcripts: true }

        """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        try "flow: Hello\nsteps:\n  - send: hi\n".write(to: folder.appendingPathComponent("hello.flow.yaml"), atomically: true, encoding: .utf8)
        let output = try await CommandRunner(executable: executable, directory: folder, environment: ["API_TOKEN_FILE": secretFile.path]).run(["run", "."])
        #expect(output.status == 2, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(
            output.stderr.contains(
                "parley.yaml:2:86: agent 'api': header Authorization would carry a line break from secret API_TOKEN, which a header cannot carry; nothing was sent (the value is not shown)"
            ), "\(output.stderr)")
        #expect(!output.stdout.contains(hex) && !output.stderr.contains(hex))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("reports").path), "nothing ran")

        // A webhook's headers the same way.
        try """
        agents:
          echo: { connector: simulator, script: echo.agent.yaml }
        plugins:
          - webhook: { url: "http://127.0.0.1:9/hook", headers: { X-Token: "${secret.API_TOKEN}" } }

        """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        try "agent: { id: echo }\nrules: []\n".write(to: folder.appendingPathComponent("echo.agent.yaml"), atomically: true, encoding: .utf8)
        let webhook = try await CommandRunner(executable: executable, directory: folder, environment: ["API_TOKEN_FILE": secretFile.path]).run(["run", "."])
        #expect(webhook.status == 2, "stdout: \(webhook.stdout)\nstderr: \(webhook.stderr)")
        #expect(
            webhook.stderr.contains(
                "parley.yaml:4:68: webhook: header X-Token would carry a line break from secret API_TOKEN, which a header cannot carry; nothing was sent (the value is not shown)"
            ), "\(webhook.stderr)")
        #expect(!webhook.stdout.contains(hex) && !webhook.stderr.contains(hex))
    }
}
