import Foundation
import ParleyModel

/// Why the `exec` plugin could not be set up, or how its program failed.
///
/// A setting error reads `exec: args: expected a list of strings; got 3`, whole, for the command
/// line to put after the entry's location. A program's failure reads `plugins/notify.py exited with
/// status 3; stderr: …` without the plugin's name, because the plugin host prefixes what `handle`
/// and `finish` throw with it: the run summary then says `exec: plugins/notify.py …` once.
public struct ExecPluginError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The whole message.
    public let description: String

    private init(_ description: String) {
        self.description = description
    }

    /// The same text, for callers that print `localizedDescription`.
    public var errorDescription: String? { description }

    /// A setting in parley.yaml is missing or wrong: `exec: command: required…`.
    static func setting(_ key: String, _ problem: String) -> ExecPluginError {
        ExecPluginError("exec: \(key): \(problem)")
    }

    /// The program could not be started: `cannot start plugins/notify.py: no such file in /proj`.
    static func cannotStart(_ command: String, _ reason: String) -> ExecPluginError {
        ExecPluginError("cannot start \(command): \(reason)")
    }

    /// More lines waited for the program than the buffer holds.
    static func behind(_ command: String, waiting: Int, bytes: Int, written: Int) -> ExecPluginError {
        ExecPluginError(
            "\(command) fell behind: \(waiting) events (\(byteText(bytes))) were waiting for it to read its standard input, "
                + "after \(written) had been written to it; it gets no more events")
    }

    /// The program ended, or stopped reading, before it had every line of the run.
    static func endedEarly(_ command: String, _ ending: String, written: Int, sent: Int, stderr: String) -> ExecPluginError {
        ExecPluginError(
            "\(command) \(ending) before the run's events ended (\(written) of \(sent) lines reached its standard input)"
                + tail(stderr))
    }

    /// The program read every line and then failed: `exited with status 3`, `was killed by signal 11 (SIGSEGV)`.
    static func failed(_ command: String, _ ending: String, stderr: String) -> ExecPluginError {
        ExecPluginError("\(command) \(ending)" + tail(stderr))
    }

    /// The program did not exit within the flush deadline and was stopped.
    static func deadline(_ command: String, flush: Duration, stoppedWith how: String, stderr: String) -> ExecPluginError {
        ExecPluginError("\(command) did not exit within the flush deadline (\(flush.flowText)) after its input ended; \(how)" + tail(stderr))
    }

    /// `; stderr: …`, the capped tail of what the program wrote there, on one line; empty when it wrote nothing.
    private static func tail(_ stderr: String) -> String {
        stderr.isEmpty ? "" : "; stderr: " + stderr
    }

    /// `1.2 MB`, `830 bytes`.
    static func byteText(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1000) }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
