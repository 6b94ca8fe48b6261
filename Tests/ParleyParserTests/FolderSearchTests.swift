import Foundation
import ParleyParser
import Testing

@Suite("flow files found in folders")
struct FolderSearchTests {
    static let flow = "flow: F\nagent: { connector: simulator, script: none.agent.yaml }\nsteps:\n  - send: hi\n"

    @Test("hidden files and folders are not searched (.git, .parley, a ConfigMap's ..2026_… copy); a symlinked folder is searched where it points")
    func hiddenAndLinked() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("parley-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let project = base.appendingPathComponent("project")
        for folder in ["", ".git", "..2026_11_27_01_00_00.123", "sub"] {
            try FileManager.default.createDirectory(at: project.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["a.flow.yaml", ".git/b.flow.yaml", "..2026_11_27_01_00_00.123/a.flow.yaml", "sub/c.flow.yml", ".d.flow.yaml"] {
            try Self.flow.write(to: project.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let link = base.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "project")
        let found = Validator().validate(paths: [project.path]).flowFiles
        #expect(found == [project.appendingPathComponent("a.flow.yaml").path, project.appendingPathComponent("sub/c.flow.yml").path])
        let linked = Validator().validate(paths: [link.path]).flowFiles
        #expect(linked == [link.appendingPathComponent("a.flow.yaml").path, link.appendingPathComponent("sub/c.flow.yml").path])
    }
}
