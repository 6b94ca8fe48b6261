import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program run to completion with its peak memory: `wait4` hands back the child's resource
/// usage, which `Process` does not expose.
struct ChildProcess {
    var status: Int32
    /// The child's peak resident set size (`ru_maxrss`), in KiB.
    var peakKiB: Int

    /// Runs `path` with `arguments`, standard output and error to the file `output` (error to
    /// `errors` instead, when given); waits for it.
    static func run(_ path: String, _ arguments: [String], output: String, errors: String? = nil) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "cannot start \(path): \(spawned)"]) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildProcess(status: exit, peakKiB: usage.ru_maxrss)
    }

    /// The peak resident set size so far of a running process (`VmHWM`), in KiB.
    static func peakResidentKiB(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
    }
}
