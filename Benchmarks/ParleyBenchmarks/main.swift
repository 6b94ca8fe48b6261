import Foundation
import ParleyAGUI
import ParleyCore
import ParleyHTTP
import ParleyParser
import ParleySimulator
import ParleyTesting

// Benchmarks for BENCHMARKS.md. Build in release and run from the package root:
//   swift build -c release && .build/release/parley-benchmarks [--flows N]
//   .build/release/parley-benchmarks polyai-concurrent [--conversations N]
//   .build/release/parley-benchmarks validate-scaling [--runs N]
//   .build/release/parley-benchmarks long-turn [--deltas N,N,…]
//   .build/release/parley-benchmarks monitor-load [--checks 200] [--every 10] [--duration 600] [--warmup 600]
//   .build/release/parley-benchmarks load-users [--users 1000] [--ramp 30] [--duration 120]
//   .build/release/parley-benchmarks json-parse [--rounds N] [--only parsing|foundation]
//   .build/release/parley-benchmarks curl-compare [--turns 1000] [--parallel 1,50]
//   .build/release/parley-benchmarks memory [--conversations 1000,10000] [--baseline 10] [--think 60]
// `parley serve` is started from the same build folder as this program.

let arguments = CommandLine.arguments.dropFirst()

// `parley-benchmarks polyai-concurrent [--conversations N]`: N PolyAI conversations at once
// against `parley serve --protocol polyai` (issue 5).
if arguments.first == "polyai-concurrent" {
    let conversations = arguments.firstIndex(of: "--conversations").flatMap {
        arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil
    } ?? 1000
    let parley = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
    try PolyAIConcurrent.run(parley: parley, conversations: conversations)
    exit(0)
}
// `parley-benchmarks validate-scaling [--runs N]`: one 4,000-step file against 200 files of 20
// steps, validated as `parley validate` does (issue 13, point 7).
if arguments.first == "validate-scaling" {
    let runs = arguments.firstIndex(of: "--runs").flatMap {
        arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil
    } ?? 3
    try ValidateScaling.run(runs: runs)
    exit(0)
}
// `parley-benchmarks long-turn [--deltas 2000,4000,8000]`: a reply of N one-character deltas,
// judged while it streams (issue 22, point 3).
if arguments.first == "long-turn" {
    let sizes = arguments.firstIndex(of: "--deltas").flatMap {
        arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)].split(separator: ",").compactMap { Int($0) } : nil
    } ?? [2000, 4000, 8000]
    let parley = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
    try await LongTurn.run(parley: parley, sizes: sizes)
    exit(0)
}
// `parley-benchmarks monitor-load [--checks N] [--every S] [--duration S] [--warmup S]`: parley monitor running
// N checks every S seconds against the simulator; CPU per check run and memory over time (issue 16).
if arguments.first == "monitor-load" {
    func number(_ flag: String, _ fallback: Int) -> Int {
        arguments.firstIndex(of: flag).flatMap { arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil } ?? fallback
    }
    let parley = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
    let warmup = arguments.contains("--warmup") ? number("--warmup", 15) : nil
    try MonitorLoad.run(parley: parley, checks: number("--checks", 200), interval: number("--every", 10), duration: number("--duration", 600), warmup: warmup)
    exit(0)
}
// `parley-benchmarks load-users [--users N] [--ramp S] [--duration S]`: `parley load` with N virtual
// users against `parley serve` on this machine; the load command's CPU and memory (issue 20).
if arguments.first == "load-users" {
    func number(_ flag: String, _ fallback: Int) -> Int {
        arguments.firstIndex(of: flag).flatMap { arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil } ?? fallback
    }
    let parley = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
    try LoadUsers.run(parley: parley, users: number("--users", 1000), ramp: number("--ramp", 30), duration: number("--duration", 120))
    exit(0)
}
// `parley-benchmarks memory [--conversations 1000,10000] [--baseline 10] [--think 60]`: peak memory of
// `parley run` with N simulated conversations open at once, per conversation (issue 20, point 2).
if arguments.first == "memory" {
    func value(_ flag: String) -> String? {
        arguments.firstIndex(of: flag).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
    }
    let sizes = value("--conversations").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1000, 10_000]
    let parley = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
    try MemoryPerConversation.run(
        parley: parley, sizes: sizes, baseline: value("--baseline").flatMap { Int($0) } ?? 10, think: value("--think").flatMap { Int($0) } ?? 60)
    exit(0)
}
// `parley-benchmarks json-parse [--rounds N] [--only parsing|foundation]`: AG-UI payloads into
// JSONValue, byte parser against JSONSerialization and conversion (issue 20, point 4).
if arguments.first == "json-parse" {
    let rounds = arguments.firstIndex(of: "--rounds").flatMap {
        arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil
    } ?? 100_000
    let only = arguments.firstIndex(of: "--only").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
    JSONParse.run(rounds: rounds, only: only)
    exit(0)
}
// `parley-benchmarks curl-compare [--turns N] [--parallel 1,50]`: N AG-UI turns against `parley serve`
// sent by curl and by `parley run`, side by side: wall time and CPU (issue 20, point 1).
if arguments.first == "curl-compare" {
    let turns = arguments.firstIndex(of: "--turns").flatMap {
        arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil
    } ?? 1000
    let parallels = arguments.firstIndex(of: "--parallel").flatMap {
        arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)].split(separator: ",").compactMap { Int($0) } : nil
    } ?? [1, 50]
    let parley = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
    try CurlCompare.run(parley: parley, turns: turns, parallels: parallels)
    exit(0)
}
// `parley-benchmarks client-turns URL TAG TURNS PARALLEL BYTES`: curl-compare's turns sent by
// AsyncHTTPClient alone, run by curl-compare as a process of its own.
if arguments.first == "client-turns" {
    let values = Array(arguments.dropFirst())
    guard values.count == 5, let turns = Int(values[2]), let parallel = Int(values[3]), let bytes = Int(values[4]) else {
        FileHandle.standardError.write(Data("usage: parley-benchmarks client-turns URL TAG TURNS PARALLEL BYTES\n".utf8))
        exit(64)
    }
    try await ClientTurns.run(url: values[0], tag: values[1], turns: turns, parallel: parallel, bytes: bytes)
    exit(0)
}
let count = arguments.firstIndex(of: "--flows").flatMap { arguments.index(after: $0) < arguments.endIndex ? Int(arguments[arguments.index(after: $0)]) : nil } ?? 200

let (scriptPath, flowPath) = try Fixtures.write()
let parsed = FlowParser().parse(path: flowPath)
guard let flow = parsed.flow else { fatalError("the benchmark flow does not parse: \(parsed.diagnostics)") }
let script = try AgentScriptParser.parse(path: scriptPath).get()

/// Runs `count` copies of the flow one after another (parallel 1) against `connector`.
func sequential(_ name: String, _ connector: any Connector) async -> Measurement {
    let planned = (1...count).map { PlannedFlow(flow: flow, path: "bench-\($0).flow.yaml", connector: connector) }
    let started = ContinuousClock.now
    let summary = await PluginHost.run(plugins: []) { host in
        await SuiteRunner(clock: SystemClock(), options: SuiteOptions(parallel: 1)).run(planned, host: host)
    }
    return Measurement(name: name, wall: ContinuousClock.now - started, summary: summary)
}

let simulator = await sequential("in-process simulator", SimulatorConnector(script: script))

// `parley serve` from this program's build folder.
let parley = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
let serve = try ReadyServer(executable: parley, arguments: ["serve", "--port", "0", "--agent-script", scriptPath])
defer { serve.stop(with: SIGTERM) }
let overAGUI = try await RunHTTPClient.with { httpClient in
    let agui = AGUIConnector(settings: AGUISettings(url: serve.url), httpClient: httpClient)
    let measured = await sequential("AG-UI over loopback (`parley serve`)", agui)
    await agui.shutdown()
    return measured
}

print("\(count) sequential single-turn flows (send, expect reply), parallel 1:\n")
print(Measurement.header)
print(simulator.row)
print(overAGUI.row)
