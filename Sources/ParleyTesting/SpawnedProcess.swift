import Foundation
import Synchronization

/// A program the tests start with `posix_spawn`, holding none of the test process's descriptors,
/// waited for with `waitpid` and stopped by its PID.
///
/// Foundation's `Process` learns of a child's exit when a socket the child holds closes. A
/// long-lived server started by another test at that moment (the shared pydantic-ai peer, the
/// embedding model's server) inherited that socket too and kept it open for the test process's
/// whole life: the child was never reaped and its test spun in `waitUntilExit()` until CI's limit
/// (2026-11-28, BENCHMARKS.md "Tenth session"). Here the child closes every descriptor above
/// standard error before it runs, and its exit is learnt from the kernel.
public final class SpawnedProcess: Sendable {
    /// The process id.
    public let pid: pid_t
    /// The exit as `waitpid` reported it, once reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments`, in `directory` when given, with `environment` (this
    /// process's when nil), standard input from /dev/null and its output appended to the files
    /// given (discarded when nil). Signals are unblocked and at their default handling in the child,
    /// as a shell would start it.
    public init(
        executable: URL, arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        stdout: URL? = nil, stderr: URL? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        try Self.check(posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0), "open /dev/null")
        for (descriptor, file) in [(Int32(1), stdout), (Int32(2), stderr)] {
            let path = file?.path ?? "/dev/null"
            try Self.check(posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_APPEND | O_CREAT, 0o644), "open \(path)")
        }
        if let directory {
            try Self.check(Self.addChdir(&actions, directory.path), "change to \(directory.path)")
        }
        try Self.check(Self.addCloseFrom(&actions, 3), "close inherited descriptors")

        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let status = Self.withCStrings([executable.path] + arguments) { argv in
            Self.withCStrings(variables) { envp in
                posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
            }
        }
        try Self.check(status, "start \(executable.path)")
        pid = child
    }

    /// Whether it has not exited yet (reaping it if it has).
    public var isRunning: Bool {
        reaped.withLock { status in
            if status != nil { return false }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid { status = raw }
            return result == 0
        }
    }

    /// Sends `signal` unless it has already been reaped.
    public func send(_ signal: Int32) {
        reaped.withLock { status in
            if status == nil { _ = kill(pid, signal) }
        }
    }

    /// Blocks until it exits; returns its exit status, or 128 + the signal that ended it.
    /// It waits without reaping (`WNOWAIT`) and reaps under the lock, so two waiters both learn the
    /// status; -1 if something else in this process reaped it.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        var info = siginfo_t()
        while true {
            if let status = reaped.withLock({ $0 }) { return Self.decode(status) }
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
            if result == -1, errno == EINTR { continue }
            if !isRunning, let status = reaped.withLock({ $0 }) { return Self.decode(status) }
            if result == -1 { return -1 }
        }
    }

    /// Sends `signal` (SIGKILL unless told) and waits for the exit, as ``waitUntilExit()`` reports it.
    @discardableResult
    public func stop(with signal: Int32 = SIGKILL) -> Int32 {
        send(signal)
        return waitUntilExit()
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    private static func check(_ status: Int32, _ what: String) throws {
        guard status != 0 else { return }
        throw SpawnedProcessError(description: "posix_spawn could not \(what): \(String(cString: strerror(status)))")
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }

    // glibc has both since 2.34 and 2.29, but Swift's Glibc module does not declare them (they
    // need _GNU_SOURCE), so they are looked up by name.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias Chdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    private static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32 {
        guard let function: CloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np") else { return ENOSYS }
        return function(actions, lowest)
    }

    private static func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32 {
        guard let function: Chdir = symbol("posix_spawn_file_actions_addchdir_np") else { return ENOSYS }
        return path.withCString { function(actions, $0) }
    }

    private static func symbol<Function>(_ name: String) -> Function? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}

/// A program that could not be started.
public struct SpawnedProcessError: Error, CustomStringConvertible {
    public var description: String
}
