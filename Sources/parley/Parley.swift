import ArgumentParser

/// The `parley` command: the composition root, and the one place errors become exit codes.
@main
struct Parley: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "Drive conversations with AI agents from YAML flows.",
        subcommands: [Validate.self, Schema.self]
    )
}

/// Exit codes shared by every subcommand (DESIGN section 7).
enum ExitStatus {
    static let passed = ExitCode(0)
    static let failed = ExitCode(1)
    static let invalidInput = ExitCode(2)
    static let interrupted = ExitCode(130)
}
