import Foundation
import ParleyTesting

/// A program running in a pseudo-terminal under Debian's tmux (scripts/test installs it), typed
/// into as a person would and read off the screen. Its own tmux server (`-L`), so tests never
/// share one; `stop()` kills that server.
struct TmuxSession {
    static let binary = "/usr/bin/tmux"
    let socket = "parley-test-\(UUID().uuidString.prefix(8))"
    let name = "main"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `command` (run by `sh -c` in `directory`); when it ends, its exit status is printed
    /// as `[exit N]` and the pane stays, so what it wrote can still be read.
    init(_ command: String, in directory: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw Failure(description: "\(Self.binary) is missing: scripts/test installs Debian's tmux")
        }
        let script = "\(command); echo \"[exit $?]\"; sleep 600"
        // The server tmux forks lives on, holding every descriptor it inherited: a pipe another
        // test was reading at that moment would never end. So the shell that starts tmux closes
        // all but standard input, output and error first, and those go nowhere.
        let closeInherited = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done 2>/dev/null; exec "$@""#
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/bin/bash")  // dash closes single-digit descriptors only
        client.arguments = [
            "-c", closeInherited, "sh", Self.binary, "-L", socket, "new-session", "-d", "-s", name, "-x", "200", "-y", "50", "-c", directory.path,
            "sh", "-c", script,
        ]
        client.standardInput = FileHandle.nullDevice
        client.standardOutput = FileHandle.nullDevice
        client.standardError = FileHandle.nullDevice
        try client.run()
        client.waitUntilExit()
        guard client.terminationStatus == 0 else { throw Failure(description: "tmux new-session exited \(client.terminationStatus)") }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> CommandRunner.Output {
        try await CommandRunner(executable: URL(fileURLWithPath: Self.binary)).run(["-L", socket] + arguments)
    }

    /// Types `text` and presses Enter.
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", name, "-l", text])
        try await tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Everything on the screen and in its scrollback, lines joined again where the terminal wrapped them.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-J", "-t", name, "-S", "-3000"]).stdout
    }

    /// Returns the screen once it holds `text` `count` times; throws with the screen after `limit`.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, limit: Duration = .seconds(60)) async throws -> String {
        let start = ContinuousClock.now
        while true {
            let shown = try await screen()
            if shown.components(separatedBy: text).count - 1 >= count { return shown }
            guard ContinuousClock.now - start < limit else {
                throw Failure(description: "no \(count)× \"\(text)\" on the screen after \(limit):\n\(shown)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Kills the tmux server and everything in it. Synchronous, for `defer`. `tmux kill-server`
    /// alone was seen to leave a server started from a test running, with its pane's shell (and
    /// its `sleep 600`): so the panes' process groups and the server are killed by PID too.
    func stop() {
        let panes = Self.output(["-L", socket, "list-panes", "-a", "-F", "#{pane_pid}"]).split(separator: "\n").compactMap { Int32($0) }
        let server = Int32(Self.output(["-L", socket, "display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
        // Each pane's shell leads its own process group: the group holds what it started.
        for pane in panes where pane > 1 { kill(-pane, SIGKILL) }
        _ = Self.output(["-L", socket, "kill-server"])
        if let server, server > 1, Self.isServer(server, socket: socket) { kill(server, SIGKILL) }
        // A killed server leaves its socket file behind.
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
    }

    /// Whether `pid` is still this test's tmux server (a PID is not reused while it runs).
    private static func isServer(_ pid: Int32, socket: String) -> Bool {
        guard let cmdline = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
        return cmdline.contains(socket)
    }

    /// Runs tmux with `arguments` and waits: its standard output, empty when it failed.
    private static func output(_ arguments: [String]) -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : ""
    }
}
