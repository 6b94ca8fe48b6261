import ArgumentParser
import Foundation
import ParleyCore

/// The `parley` command: the composition root, and the one place errors become exit codes.
@main
struct Parley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "Drive conversations with AI agents from YAML flows.",
        subcommands: [Run.self, Validate.self, Schema.self, Serve.self]
    )

    /// Parses and runs a subcommand; a command line that does not parse is invalid input, exit 2.
    static func main() async {
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
        case .reportsIncomplete: return reportsIncomplete
        // 128 + the signal's number, as a shell reports a process the signal ended: 130 for Ctrl-C.
        case .interrupted(let signal): return ExitCode(128 + signal)
        }
    }
}
