import Foundation
import ParleyModel
import ParleyParser
import Testing

@Suite("environment and secrets")
struct ProcessEnvironmentTests {
    @Test("${secret.X} reads X, else the file named by X_FILE without its trailing newline")
    func secretFromFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-secret-\(UUID().uuidString)")
        try "from-file\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let environment = ProcessEnvironment(variables: ["DIRECT": "direct", "VIAFILE_FILE": file.path, "HOME": "/root"])
        #expect(environment.value(of: .secret("DIRECT")) == "direct")
        #expect(environment.value(of: .secret("VIAFILE")) == "from-file")
        #expect(environment.value(of: .secret("ABSENT")) == nil)
        #expect(environment.value(of: .environment("HOME")) == "/root")
        #expect(environment.value(of: .variable(name: "HOME", path: [])) == nil)
    }

    @Test("a secret file's trailing line breaks are not part of the secret: LF, CR LF, several")
    func secretFileLineBreaks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var variables: [String: String] = [:]
        let contents = ["LF": "token\n", "CRLF": "token\r\n", "CR": "token\r", "MANY": "token\n\r\n\n", "INNER": "to\nken\n", "SPACE": "token \n"]
        for (name, text) in contents {
            let file = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            variables["\(name)_FILE"] = file.path
        }
        let environment = ProcessEnvironment(variables: variables)
        for name in ["LF", "CRLF", "CR", "MANY"] { #expect(environment.value(of: .secret(name)) == "token", "\(name)") }
        #expect(environment.value(of: .secret("INNER")) == "to\nken", "a line break inside is kept, for the header check to refuse")
        #expect(environment.value(of: .secret("SPACE")) == "token ", "only line breaks are trimmed")
    }

    @Test("a parsed flow's secret renders and is marked for redaction; a bare $ stays text")
    func endToEnd() throws {
        let parsed = FlowParser().parse(
            text: "flow: s\nsteps:\n  - send: \"pay $5.00 with ${secret.CARD} $${x}\"\n", path: "s.flow.yaml")
        #expect(parsed.diagnostics.isEmpty)
        let step = try #require(parsed.flow?.steps.first)
        guard case .send(let send) = step.kind else {
            Issue.record("expected a send step, got \(step.kind)")
            return
        }
        let rendered = try ProcessEnvironment(variables: ["CARD": "4242"]).interpolation().render(send.text).get()
        #expect(rendered.text == "pay $5.00 with 4242 ${x}")
        #expect(Redactor(secrets: rendered.secrets).redact(rendered.text) == "pay $5.00 with *** ${x}")
    }
}
