import Foundation

/// Debian's headless Chromium (scripts/test installs it): a page's DOM after its scripts ran, and
/// a screenshot kept under `.build/test-artifacts/`, where CI keeps it for people to look at.
public struct HeadlessChromium: Sendable {
    public static let binary = "/usr/bin/chromium"
    /// Longest a page's load may take before the browser is stopped and the test fails: a browser
    /// that hangs must not hang the suite.
    static let limit = "120"
    let profile: URL

    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "\(HeadlessChromium.binary) is missing: scripts/test installs Debian's chromium" }
    }

    /// A browser with a throwaway profile folder of its own.
    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { throw Missing() }
        profile = try ProjectPaths.temporaryFolder()
    }

    /// Removes the browser profile.
    public func close() {
        try? FileManager.default.removeItem(at: profile)
    }

    /// No sandbox (tests run as root in CI, where the sandbox refuses to start), no GPU, nothing
    /// fetched or offered on its own.
    private var switches: [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
            "--user-data-dir=\(profile.path)",
        ]
    }

    private func run(_ arguments: [String]) async throws -> CommandRunner.Output {
        // coreutils' timeout stops the browser at the limit and exits 124, which the test reads.
        try await CommandRunner(executable: URL(fileURLWithPath: "/usr/bin/timeout")).run([Self.limit, Self.binary] + switches + arguments)
    }

    /// The DOM of `url` once loaded.
    public func dom(_ url: String) async throws -> CommandRunner.Output {
        try await run(["--dump-dom", url])
    }

    /// The DOM of `url` once loaded (on standard output) and, from the same load, a screenshot as
    /// `.build/test-artifacts/NAME`; returns the file and chromium's output. One browser start for
    /// both: each start is about 1.4 s of CPU, and the test groups are bound by CPU.
    public func domAndScreenshot(_ url: String, name: String, height: Int = 1800) async throws -> (URL, CommandRunner.Output) {
        let artifacts = ProjectPaths.root.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let file = artifacts.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: file)
        let output = try await run(["--dump-dom", "--hide-scrollbars", "--window-size=1100,\(height)", "--screenshot=\(file.path)", url])
        return (file, output)
    }
}
