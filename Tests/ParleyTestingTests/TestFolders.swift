import Foundation
import ParleyTesting

/// The folders these tests run: the fixtures in place (their parley.yaml writes nothing), and
/// copies of the examples, whose files plugin writes Flows/reports.
enum TestFolders {
    static let fixtures = ProjectPaths.root.appendingPathComponent("Tests/ParleyTestingTests/Fixtures")

    /// A fixture project folder: `failing` or `invalid`.
    static func fixture(_ name: String) -> URL {
        fixtures.appendingPathComponent(name)
    }

    /// A fresh copy of Flows/ in a temporary folder (the caller removes the folder), so runs write
    /// their reports there and never race another test writing the repository's Flows/reports.
    static func examples() throws -> (folder: URL, flows: URL) {
        let folder = try ProjectPaths.temporaryFolder()
        let flows = folder.appendingPathComponent("Flows")
        try FileManager.default.copyItem(at: ProjectPaths.flows, to: flows)
        try? FileManager.default.removeItem(at: flows.appendingPathComponent("reports"))
        return (folder, flows)
    }
}
