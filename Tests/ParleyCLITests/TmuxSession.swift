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

    /// Kills the tmux server and everything in it. Synchronous, for `defer`: `tmux kill-server`
    /// returns at once.
    func stop() {
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: Self.binary)
        kill.arguments = ["-L", socket, "kill-server"]
        kill.standardInput = FileHandle.nullDevice
        kill.standardOutput = FileHandle.nullDevice
        kill.standardError = FileHandle.nullDevice
        guard (try? kill.run()) != nil else { return }
        kill.waitUntilExit()
    }
}
