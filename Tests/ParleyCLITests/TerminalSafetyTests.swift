import Foundation
import ParleyTesting
import Testing

/// The real binary against simulator agents that send terminal control characters and echo a
/// secret into ids and names: the console shows the one escaped, the other masked.
@Suite("parley run: agent text on the terminal")
struct TerminalSafetyTests {
    let executable = ProjectPaths.product("parley")

    /// Writes `parley.yaml`, the agent script and one flow that sends `send` and fails.
    static func project(in folder: URL, script: String, send: String, level: String) throws {
        try script.write(to: folder.appendingPathComponent("agent.agent.yaml"), atomically: true, encoding: .utf8)
        try """
        flow: Echo
        steps:
          - send: "\(send)"
          - expect: { reply: { contains: never said }, within: 1s }
        """.write(to: folder.appendingPathComponent("echo.flow.yaml"), atomically: true, encoding: .utf8)
        try """
        agents:
          agent: { connector: simulator, script: agent.agent.yaml }
        plugins:
          - log: { level: \(level), color: never }
          - files: { dir: reports, junit: junit.xml, json: report.json, transcripts: true }

        """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
    }

    @Test("ESC, CR, NUL and BEL from the agent reach the console escaped, and its multi-line error is one failure line",
          arguments: ["info", "debug"])
    func controlsEscaped(level: String) async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // YAML's double-quoted escapes: \e ESC, \r CR, \0 NUL, \a BEL, \n LF.
        let script = #"""
            agent: { id: rude, name: Rude }
            rules:
              - when: { text: hi }
                play:
                  - run_started
                  - reply: "\e[2J\e[31mred\r\0 and a bell\a"
                  - run_error: { message: "HTTP 500: line one\nline two\e]0;owned\a", code: "E\a1" }
            """#
        try Self.project(in: folder, script: script, send: "hi", level: level)
        let output = try await CommandRunner(executable: executable, directory: folder).run(["run", "."])
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        let raw = output.stdout.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
        #expect(raw.isEmpty, "raw controls on stdout: \(output.stdout.debugDescription)")
        let failure = #"echo.flow.yaml:4:5: expected reply containing "never said", but the agent's run failed: "#
            + #"run_error "HTTP 500: line one\nline two\e]0;owned\a" (code E\a1)"#
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasSuffix(failure) } == ["    " + failure, failure], "\(output.stdout)")
        if level == "debug" {
            #expect(output.stdout.contains(#""text": "\u001b[2J\u001b[31mred\r\u0000 and a bell\u0007""#), "\(output.stdout)")
        }
        // The JSON report keeps the agent's text exactly, escaped as JSON escapes it.
        let report = try Data(contentsOf: folder.appendingPathComponent("reports/report.json"))
        #expect(String(decoding: report, as: UTF8.self).contains(#"line one\nline two\u001b]0;owned\u0007"#))
    }

    @Test("a secret the agent echoes into ids, names, codes, queues and events is masked in every output")
    func echoedIntoIDs() async throws {
        let canary = "c4n4ry-\(UUID().uuidString.prefix(8).lowercased())"
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = #"""
            agent: { id: echo, name: Echo }
            timing: { chunk_delay: 1ms }
            rules:
              - when: { text: '^echo (.+?-)(.+)$' }
                play:
                  - run_started
                  - tool_call: { id: "call-${1}${2}", name: lookup, args: { q: "${1}${2}" }, result: { r: "${1}${2}" } }
                  - card_start: { id: "card-${1}${2}", execution_text: "Drawing ${1}${2}" }
                  - card: { id: "card-${1}${2}", payload: { title: "T ${1}${2}" } }
                  - card_end: "card-${1}${2}"
                  - custom: { name: "event-${1}${2}", value: { v: "${1}${2}" } }
                  - handoff: { stage: queued, queue: "queue-${1}${2}", agent: "Live ${1}${2}", reason: "why ${1}${2}" }
                  - goal_completed: "goal-${1}${2}"
                  - system: { text: "system ${1}${2}", level: info }
                  - reply: { chunks: ["Your token is ${1}", "${2}!"] }
                  - run_error: { message: "failed ${1}${2}", code: "E-${1}${2}" }
            """#
        try Self.project(in: folder, script: script, send: "echo ${secret.PARLEY_CANARY}", level: "debug")
        let output = try await CommandRunner(executable: executable, directory: folder, environment: ["PARLEY_CANARY": canary])
            .run(["run", "."])
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        let tail = String(canary.dropFirst(7))
        #expect(!output.stdout.contains(tail) && !output.stderr.contains(tail), "\(output.stdout)\n\(output.stderr)")
        for echoed in ["call-***", "card-***", "event-***", "queue-***", "Live ***", "goal-***", "E-***"] {
            #expect(output.stdout.contains(echoed), "\(echoed) shown masked: \(output.stdout)")
        }
        let files = RunFixtures.texts(under: folder.appendingPathComponent("reports"))
        #expect(files.count == 3, "JUnit, JSON and one transcript: \(files.keys.sorted())")
        for (path, text) in files { #expect(!text.contains(tail), "\(path) leaks the secret:\n\(text)") }
    }
}
