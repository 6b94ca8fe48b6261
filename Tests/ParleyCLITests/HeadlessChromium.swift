import Foundation
import ParleyTesting

/// Debian's headless Chromium (scripts/test installs it): a page's DOM after its scripts ran, and
/// a screenshot kept under `.build/test-artifacts/`.
struct HeadlessChromium {
    static let binary = "/usr/bin/chromium"
    let profile: URL

    struct Missing: Error, CustomStringConvertible {
        var description: String { "\(HeadlessChromium.binary) is missing: scripts/test installs Debian's chromium" }
    }

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { throw Missing() }
        profile = try ProjectPaths.temporaryFolder()
    }

    /// Removes the browser profile.
    func close() {
        try? FileManager.default.removeItem(at: profile)
    }

    private var switches: [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--user-data-dir=\(profile.path)",
        ]
    }

    /// The DOM of `url` once loaded.
    func dom(_ url: String) async throws -> CommandRunner.Output {
        try await CommandRunner(executable: URL(fileURLWithPath: Self.binary)).run(switches + ["--dump-dom", url])
    }

    /// The DOM of `url` once loaded (on standard output) and, from the same load, a screenshot as
    /// `.build/test-artifacts/NAME`; returns the file and chromium's output. One browser start for
    /// both: each start is about a second of CPU, and the CLI tests are bound by CPU.
    func domAndScreenshot(_ url: String, name: String, height: Int = 1800) async throws -> (URL, CommandRunner.Output) {
        let artifacts = ProjectPaths.root.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let file = artifacts.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: file)
        let output = try await CommandRunner(executable: URL(fileURLWithPath: Self.binary)).run(
            switches + ["--dump-dom", "--hide-scrollbars", "--window-size=1100,\(height)", "--screenshot=\(file.path)", url])
        return (file, output)
    }
}
