import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel

/// A Python tool of the test virtualenv (a validator: check-jsonschema, kubernetes-validate,
/// ag-ui-validate, scripts/check_schema.py, xmlschema) run in one warm interpreter shared by the
/// tests of this process: scripts/python_tools.py. Each start of a tool was mostly its imports,
/// a quarter to half a second of CPU, in test groups bound by CPU; there a tool's modules load on
/// its first run only, and every run still enters the tool by its own entry point with its own
/// arguments. Runs take turns (a run owns the interpreter's argv, folder and streams).
public struct PythonTool: Sendable {
    /// What stands in argv[0]: `-c` and the code, a script's path, or a console script's name.
    let program: [String]
    /// The working folder for the run.
    public var directory: URL?
    /// Extra environment variables for the run.
    public var environment: [String: String] = [:]

    /// A console script of the test virtualenv, by name (`check-jsonschema`).
    public static func console(_ name: String, directory: URL? = nil) -> PythonTool {
        PythonTool(program: [name], directory: directory)
    }

    /// A Python file, run as `__main__`.
    public static func script(_ file: URL, directory: URL? = nil) -> PythonTool {
        PythonTool(program: [file.path], directory: directory)
    }

    /// Python code, as `python3 -c CODE` runs it.
    public static func code(_ code: String, directory: URL? = nil) -> PythonTool {
        PythonTool(program: ["-c", code], directory: directory)
    }

    /// Runs the tool with `arguments`; its exit status and what it printed, as a process's.
    public func run(_ arguments: [String]) async throws -> CommandRunner.Output {
        let server = try await Self.server.value
        var request = HTTPClientRequest(url: server.url + "run")
        request.method = .POST
        let body: JSONValue = .object([
            JSONMember("argv", .array((program + arguments).map(JSONValue.string))),
            JSONMember("cwd", directory.map { .string($0.path) } ?? .null),
            JSONMember("env", .object(environment.sorted { $0.key < $1.key }.map { JSONMember($0.key, .string($0.value)) })),
        ])
        request.body = .bytes(ByteBuffer(string: body.serialized()))
        let response: HTTPClientResponse
        let bytes: ByteBuffer
        do {
            // A bound on a hang, not a timing goal: runs take turns, and a live check waits on its peer.
            response = try await HTTPClient.shared.execute(request, timeout: .seconds(300))
            bytes = try await response.body.collect(upTo: 64 << 20)
        } catch {
            throw PythonToolError("\(program.last ?? "?"): no answer from scripts/python_tools.py (\(error)); its log: \(server.log())")
        }
        let text = String(buffer: bytes)
        guard response.status == .ok, let answer = try? JSONValue(parsing: text),
            case .number(let status)? = answer["status"], case .string(let stdout)? = answer["stdout"], case .string(let stderr)? = answer["stderr"]
        else {
            throw PythonToolError("\(program.last ?? "?"): scripts/python_tools.py answered \(response.status.code): \(text.prefix(2000))")
        }
        return CommandRunner.Output(status: Int32(status), stdout: stdout, stderr: stderr)
    }

    /// The interpreter, started by the first run that asks; it exits with the test process
    /// (`--exit-with-parent`), as no one test may stop it. A ``ReadyServer``, so it holds no other
    /// child's descriptor: started among the tests with Foundation's `Process`, it once kept
    /// six `parley` runs unreaped and their tests waiting forever (see ``SpawnedProcess``).
    static let server = Task { () throws -> ReadyServer in
        let python = ProjectPaths.python
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw PythonToolError("no Python virtualenv at \(python.path): run the README's test command (scripts/test), which makes it")
        }
        return try await ReadyServer.start(
            executable: python, arguments: [ProjectPaths.root.appendingPathComponent("scripts/python_tools.py").path, "--exit-with-parent"],
            timeout: .seconds(120))
    }
}

/// Why a Python tool could not be run.
public struct PythonToolError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
