import ArgumentParser
import ParleyParser

/// `--log-level`, as `run` and `monitor` take it.
enum LogLevelOption {
    static let levels = ["error", "warning", "info", "debug"]

    /// Refuses a level that is not one of `levels`, with a did-you-mean.
    static func check(_ level: String) throws {
        guard levels.contains(level) else {
            throw ValidationError("--log-level must be one of \(levels.joined(separator: ", ")); got \(level)\(Suggestion.hint(for: level, in: levels))")
        }
    }
}
