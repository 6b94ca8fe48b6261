import Foundation

/// The AG-UI turns curl sends in `curl-compare`, three ways: a curl process per turn (through
/// xargs), a curl process per worker that keeps its connection alive, and one curl process with
/// `--parallel`. Every turn has a thread of its own (`parley serve` answers a thread's message
/// once: a thread used again gets an empty run), and every thread id has the same length, so a
/// full answer is always the same number of bytes and a short one is caught. The ids are short
/// because GNU xargs refuses (HTTP 422 follows) an argument of more than 255 bytes with `-I`.
struct CurlTurns {
    var url: String
    var folder: URL

    /// The thread of `turn` for the way and parallelism `tag` names (four letters and digits).
    static func thread(_ tag: String, _ turn: String) -> String {
        "t-\(tag)-\(turn)"
    }

    static func padded(_ turn: Int) -> String {
        String(format: "%05d", turn)
    }

    /// The RunAgentInput of one turn, in the shape the agui connector sends.
    static func body(thread: String) -> String {
        #"{"threadId":"\#(thread)","runId":"\#(thread)-run-1","state":{},"#
            + #""messages":[{"id":"\#(thread)/user-1","role":"user","content":"ping"}],"#
            + #""tools":[],"context":[],"forwardedProps":{},"protocolVersion":"1.0"}"#
    }

    /// The bytes of a full answer (run started, the 4-chunk reply, run finished), read by one curl
    /// whose answer is checked for the reply; nil when the reply is not in it.
    func answerBytes() throws -> Int? {
        let answer = folder.appendingPathComponent("probe.txt").path
        let child = try ChildProcess.run(
            "/usr/bin/curl", ["-sN", "-X", "POST", "-H", "Content-Type: application/json", "-H", "Accept: text/event-stream",
                "--data-binary", Self.body(thread: Self.thread("pr01", Self.padded(1))), url],
            output: answer)
        let text = (try? String(contentsOfFile: answer, encoding: .utf8)) ?? ""
        let parts = ["\"delta\":\"pong ", "TEXT_MESSAGE_END", "RUN_FINISHED"]
        guard child.status == 0, parts.allSatisfy(text.contains) else { return nil }
        return text.utf8.count
    }

    /// xargs arguments: one curl per line of `numbers` (turns, padded), `parallel` at once; each
    /// prints its status, the bytes it read and the connections it opened.
    func processPerTurn(tag: String, numbers: String, parallel: Int) -> [String] {
        [
            "-a", numbers, "-P", String(parallel), "-I", Self.placeholder,
            "/usr/bin/curl", "-sN", "-X", "POST", "-H", "Content-Type: application/json", "-H", "Accept: text/event-stream",
            "--data-binary", Self.body(thread: Self.thread(tag, Self.placeholder)), "-o", "/dev/null", "-w", Self.writeOut, url,
        ]
    }

    /// One curl config per worker, its share of the turns as transfers joined by `next`, so one
    /// curl process makes them all over one kept-alive connection; returns the file that lists
    /// the configs, one a line, for xargs.
    func workerConfigs(tag: String, turns: Int, parallel: Int) throws -> String {
        var paths: [String] = []
        for worker in 0..<parallel {
            let path = folder.appendingPathComponent("\(tag)-\(worker).curlrc").path
            let share = Array(stride(from: worker + 1, through: turns, by: parallel))
            try config(tag: tag, turns: share).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let list = folder.appendingPathComponent("\(tag).txt").path
        try (paths.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        return list
    }

    /// A curl config of one transfer per turn, joined by `next`.
    func config(tag: String, turns: [Int]) -> String {
        turns.map { turn in
            let body = Self.body(thread: Self.thread(tag, Self.padded(turn)))
            let quoted = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return """
                url = "\(url)"
                silent
                no-buffer
                request = "POST"
                header = "Content-Type: application/json"
                header = "Accept: text/event-stream"
                data-binary = "\(quoted)"
                output = "/dev/null"
                write-out = "\(Self.writeOut.replacingOccurrences(of: "\n", with: "\\n"))"

                """
        }.joined(separator: "next\n")
    }

    /// What xargs replaces with the turn's number: not `{}`, which the body's empty objects hold.
    static let placeholder = "TURN"

    static let writeOut = "%{http_code} %{size_download} %{num_connects}\n"

    /// What curl's lines of `writeOut` say: full answers (HTTP 200 of `bytes`) and connections opened.
    static func tally(_ output: String, bytes: Int) -> (full: Int, connections: Int) {
        let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map { $0.split(separator: " ") }
        let full = lines.filter { $0.count == 3 && $0[0] == "200" && Int($0[1]) == bytes }.count
        let connections = lines.compactMap { $0.count == 3 ? Int($0[2]) : nil }.reduce(0, +)
        return (full, connections)
    }
}
