import ArgumentParser
import Foundation
import ParleyCore
import ParleyRunner

/// The `parley` command line over a registry: Parley's own `parley` is this with
/// `Registry.builtIn`, and a team's command with its own connectors and plugins added is too.
/// The one place errors become text and exit codes.
public struct ParleyCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "Drive conversations with AI agents from YAML flows.",
        version: ParleyVersion.current,
        subcommands: [Init.self, Run.self, Validate.self, Report.self, Chat.self, Schema.self, Serve.self, Monitor.self, History.self, Load.self]
    )

    /// The registry the subcommands run with, for the length of `main(registry:)`.
    @TaskLocal static var registry = Registry.builtIn

    public init() {}

    /// Parses the process's arguments and runs the subcommand with `registry`'s connectors and plugins.
    public static func main(registry: Registry) async {
        await $registry.withValue(registry) { await main() }
    }

    /// Parses and runs a subcommand; a command line that does not parse is invalid input, exit 2.
    public static func main() async {
        // A parent may have spawned us with signals blocked (a test runner's thread, say); Ctrl-C
        // must reach the run, so unblock them before any other thread inherits the mask.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, nil)
        // A reader that goes away (`parley run | head`) must not end the run: writes to it fail
        // with EPIPE instead, and the console falls silent (`DescriptorOutput`).
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                // Usage mistakes are invalid input like a bad flow: nothing ran (DESIGN section 7).
                print(fullMessage(for: error), to: &standardError)
                exit(withError: ExitStatus.invalidInput)
            }
            exit(withError: error)
        }
    }
}

/// Exit codes shared by every subcommand (DESIGN section 7; README, "Exit codes").
enum ExitStatus {
    static let passed = ExitCode(0)
    static let failed = ExitCode(1)
    static let invalidInput = ExitCode(2)
    static let reportsIncomplete = ExitCode(3)

    /// The exit code of a run that ended this way.
    static func of(_ ending: RunEnding) -> ExitCode {
        switch ending {
        case .passed: return passed
        case .failed: return failed
        // A lost delivery under --require-delivery: the run's output is incomplete too.
        case .reportsIncomplete, .deliveryFailed: return reportsIncomplete
        // 128 + the signal's number, as a shell reports a process the signal ended: 130 for Ctrl-C.
        case .interrupted(let signal): return ExitCode(128 + signal)
        }
    }
}
