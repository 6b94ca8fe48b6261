import Foundation

/// A started program's standard output and error as two files in a folder of their own (a
/// ``SpawnedProcess`` writes to them): no pipe to fill and stall it, none whose end a long-lived
/// process that inherited it can hold back, and both readable while it runs and after it exits.
public struct OutputFiles: Sendable {
    /// The folder that holds both files.
    public let folder: URL
    /// Standard output's file.
    public let stdout: URL
    /// Standard error's file.
    public let stderr: URL

    /// Makes the folder and two empty files.
    public init() throws {
        folder = try ProjectPaths.temporaryFolder()
        stdout = folder.appendingPathComponent("stdout")
        stderr = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
    }

    /// What the program wrote to standard output so far, bytes that are not UTF-8 replaced;
    /// empty when unreadable.
    public func output() -> String {
        Self.text(of: stdout)
    }

    /// What the program wrote to standard error so far, as ``output()`` reads it.
    public func errors() -> String {
        Self.text(of: stderr)
    }

    private static func text(of file: URL) -> String {
        String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
    }

    /// Removes the folder and both files.
    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
