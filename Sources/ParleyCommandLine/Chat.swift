import ArgumentParser
import Foundation
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyRunner

/// `parley chat [--agent NAME] [--record FILE]`: talk to a configured agent by hand, and write
/// what happened down as a flow.
struct Chat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Talk to an agent of parley.yaml interactively; --record writes the conversation as a flow.",
        discussion: """
            Type to send. Commands: /tap TEXT|N, /fill FIELD: VALUE, …, /submit BUTTON, /click ELEMENT [CARD], \
            /slot DAY HH:MM, /typing, /end, /help, /quit (or Ctrl-D). Each is checked as a flow's step would be \
            (a tap must be a suggestion offered, a fill must fit the form). Events show as they arrive. \
            With --record FILE, leaving writes a flow of your steps and, before each, expectations derived \
            from what the agent did (tool calls by name and arguments, replies by a key phrase and their \
            suggestions, forms, cards, schedulers, goals and handoff stages); `parley run FILE` replays it. \
            Secrets of parley.yaml are masked on screen and in the recording.
            """
    )

    @Option(help: "The agent of parley.yaml to talk to (default: defaults.agent, or the only one).")
    var agent: String?

    @Option(help: "Write the conversation as a flow to this file when you leave.")
    var record: String?

    @Option(help: "The recorded flow's name (default: from the file name).")
    var name: String?

    @Flag(help: "Overwrite --record's file if it exists.")
    var force = false

    func validate() throws {
        if let record, !(record.hasSuffix(".flow.yaml") || record.hasSuffix(".flow.yml")) {
            throw ValidationError("--record must name a *.flow.yaml file, so `parley run` finds it; got \(record)")
        }
    }

    func run() async throws {
        if let record, !force, FileManager.default.fileExists(atPath: record) {
            print("parley chat: \(record) exists; give --force to replace it, or another file", to: &standardError)
            throw ExitStatus.invalidInput
        }
        let runner = Runner(registry: ParleyCommand.registry)
        let chosen: ChatAgent
        switch await runner.chatAgent(named: agent, from: FileManager.default.currentDirectoryPath) {
        case .success(let found): chosen = found
        case .failure(let validation):
            print(validation.rendered(), to: &standardError)
            throw ExitStatus.invalidInput
        }
        let clock = SystemClock()
        let request = SessionRequest(sessionID: "chat-\(RandomID.uuid().uuidString.prefix(8))", flowName: "chat", clock: clock)
        let redactor = Redactor(secrets: chosen.secrets)
        let talked: ChatLoop
        do {
            talked = try await chosen.connector.withSession(request) { session in
                let loop = ChatLoop(session: session, clock: clock, redactor: redactor)
                ChatLoop.write("Talking to agent '\(chosen.name)'. Type to send; /help lists the commands; Ctrl-D or /quit leaves.\n")
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await loop.listen() }
                    await loop.converse(lines: StandardInputLines.stream())
                    group.cancelAll()
                }
                return loop
            }
        } catch {
            print("parley chat: cannot reach agent '\(chosen.name)': \(redactor.redact("\(error)"))", to: &standardError)
            await chosen.close()
            throw ExitStatus.failed
        }
        let loop = talked
        await chosen.close()
        if let record { try await save(loop, to: record, agent: chosen.name) }
    }

    private func save(_ loop: ChatLoop, to path: String, agent: String) async throws {
        let fileName = (path as NSString).lastPathComponent
        let title = name ?? "Recorded: " + String(fileName.prefix { $0 != "." }).replacingOccurrences(of: "-", with: " ")
        let when = ISO8601DateFormatter().string(from: Date())
        let text = await loop.recording(name: title, agent: self.agent == nil ? nil : agent, note: "Recorded with parley chat against agent '\(agent)' on \(when).")
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            print("parley chat: cannot write \(path): \(error.localizedDescription)", to: &standardError)
            throw ExitStatus.of(.reportsIncomplete)
        }
        ChatLoop.write("Recorded \(await loop.steps) steps to \(path); replay it with: parley run \(path)\n")
    }
}

/// The conversation's state between the keyboard and the agent: what was offered, what is shown,
/// what is recorded. One actor, so a typed step always sees every event that arrived before it.
actor ChatLoop {
    let session: any AgentSession
    let clock: any MonotonicClock
    private var state: ChatState
    private var display: ChatDisplay
    private var recorder = ChatRecorder()
    private let redactor: Redactor
    private(set) var steps = 0

    init(session: any AgentSession, clock: any MonotonicClock, redactor: Redactor) {
        self.session = session
        self.clock = clock
        self.redactor = redactor
        state = ChatState(openedAt: clock.now, agentSpeaksFirst: session.agentSpeaksFirst)
        display = ChatDisplay(redactor: redactor)
    }

    /// Shows and records the agent's events until the session ends or the task is cancelled.
    func listen() async {
        while !Task.isCancelled {
            do {
                guard let event = try await session.next(before: clock.now + .seconds(3600)) else { continue }
                received(event)
            } catch {
                if !Task.isCancelled { Self.write("  connection: \(redactor.redact("\(error)"))\n") }
                return
            }
        }
    }

    private func received(_ event: AgentEvent) {
        state.received(event, at: clock.now)
        // The recording holds masked text too: a secret is never written to disk.
        recorder.received(redactor.redact(event))
        Self.write(display.show(event))
    }

    /// Reads typed lines until /quit or the end of input.
    func converse(lines: AsyncStream<String>) async {
        for await line in lines {
            switch ChatInput.read(line, suggestions: state.suggestions) {
            case .nothing: continue
            case .quit: return
            case .help: Self.write(ChatInput.commands.map { "  \($0.0.padding(toLength: 34, withPad: " ", startingAt: 0)) \($0.1)" }.joined(separator: "\n") + "\n")
            case .problem(let message): Self.write("  ✗ \(message)\n")
            case .step(let lines): await take(lines)
            }
        }
    }

    private func take(_ lines: [String]) async {
        let text = "flow: chat\nsteps:\n  - " + lines[0] + lines.dropFirst().map { "\n    " + $0 }.joined() + "\n"
        let parsed = FlowParser().parse(text: text, path: "typed")
        guard let step = parsed.flow?.steps.first, parsed.diagnostics.allSatisfy({ $0.severity != .error }) else {
            let why = parsed.diagnostics.map(\.message).joined(separator: "; ")
            Self.write("  ✗ \(why.isEmpty ? "not a step" : why)\n")
            return
        }
        switch state.act(step.kind, at: clock.now) {
        case .refused(let message):
            Self.write("  ✗ \(redactor.redact(message))\n")
        case .staged:
            recorder.took(lines, opensTurn: false)
            steps += 1
            Self.write("  (staged; /submit BUTTON sends the form)\n")
        case .perform(let action):
            do {
                try await session.perform(action)
                recorder.took(lines, opensTurn: action != .typing)
                steps += 1
            } catch {
                Self.write("  ✗ not delivered: \(redactor.redact("\(error)"))\n")
            }
        }
    }

    /// The recording as a flow.
    func recording(name: String, agent: String?, note: String) -> String {
        recorder.flow(name: name, agent: agent, note: note)
    }

    /// Writes at once: a person is watching, and `print` would hold text until a newline.
    static func write(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Standard input's lines, read on a thread of their own so no task blocks on the keyboard.
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            thread.start()
        }
    }
}
