import Foundation
import ParleySimulator
import ParleyTesting
import Testing

/// An agent script's parse is kept by path and exact bytes: the same file is read once per
/// process, and an edited one (`parley run --watch`, the monitor) is read again.
@Suite("agent script parse cache")
struct ScriptParseCacheTests {
    @Test("an unchanged script gives the same parse; an edited one is read again")
    func editedScriptIsReadAgain() throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("agent.agent.yaml").path
        func write(_ name: String) throws {
            try "agent: { id: a, name: \(name) }\nrules:\n  - when: { text: hi }\n    play: [{ reply: { text: hello } }]\n".write(
                toFile: path, atomically: true, encoding: .utf8)
        }
        try write("First")
        let first = AgentScriptParser.parse(path: path)
        #expect(first.script?.agent.name == "First", "\(first.rendered())")
        #expect(AgentScriptParser.parse(path: path).script == first.script)
        try write("Second")
        #expect(AgentScriptParser.parse(path: path).script?.agent.name == "Second")
    }
}
