import Foundation
import ParleyCore
import ParleyTesting
import Testing

@Suite("SpawnedProcess")
struct SpawnedProcessTests {
    /// The property the hang needed: a descriptor this process holds open (not close-on-exec, as
    /// Foundation's exit sockets are not) is not held by the child, so closing ours ends it at once.
    @Test("a child holds none of the test process's descriptors: a pipe's end closed here is closed")
    func inheritsNoDescriptor() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let child = try SpawnedProcess(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
        defer { child.stop() }
        close(ends[1])
        var watched = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        // A bound on a hang, not a timing goal: end-of-file is there at once or never.
        let ready = poll(&watched, 1, 10_000)
        #expect(ready == 1, "the read end saw no end-of-file: the child holds the write end")
        var byte: UInt8 = 0
        if ready == 1 { #expect(read(ends[0], &byte, 1) == 0) }
        #expect(child.isRunning)
    }

    @Test("output to files, the exit status, the folder and the environment are the child's")
    func runsAsTold() async throws {
        let files = try OutputFiles()
        defer { files.remove() }
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try SpawnedProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", #"echo "$(pwd -P) $GREETING"; echo oops >&2; exit 3"#],
            environment: ["GREETING": "hello"], directory: folder, stdout: files.stdout, stderr: files.stderr)
        let status = await DedicatedThread.run { child.waitUntilExit() }
        #expect(status == 3)
        #expect(!child.isRunning)
        #expect(files.output() == "\(folder.resolvingSymlinksInPath().path) hello\n")
        #expect(files.errors() == "oops\n")
    }

    /// Test threads block signals, and a child started from one used to inherit that: SIGTERM went
    /// unheard. Here it ends the child, and both waiters learn how.
    @Test("SIGTERM ends a child started from a test thread; two waiters both get 128 + 15")
    func signalsAreUnblocked() async throws {
        let child = try SpawnedProcess(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
        async let first = DedicatedThread.run { child.waitUntilExit() }
        async let second = DedicatedThread.run { child.waitUntilExit() }
        child.send(SIGTERM)
        #expect(await [first, second] == [143, 143])
        #expect(child.stop() == 143)
    }

    @Test("a program that is not there is an error that names it")
    func missingProgram() {
        #expect {
            _ = try SpawnedProcess(executable: URL(fileURLWithPath: "/nonexistent/program"), arguments: [])
        } throws: { error in
            "\(error)".contains("/nonexistent/program")
        }
    }
}
