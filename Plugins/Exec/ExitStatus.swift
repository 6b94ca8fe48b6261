#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a program ended: with a status, or from a signal.
enum ExitStatus: Hashable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    /// True for a program that exited with status 0.
    var isSuccess: Bool { self == .exited(0) }

    /// `exited with status 3`, `was killed by signal 11 (SIGSEGV)`.
    var description: String {
        switch self {
        case .exited(let status): return "exited with status \(status)"
        case .signaled(let signal): return "was killed by signal \(signal)" + (Self.name(of: signal).map { " (\($0))" } ?? "")
        }
    }

    /// The name of the common signals a program dies of.
    static func name(of signal: Int32) -> String? {
        switch signal {
        case SIGTERM: return "SIGTERM"
        case SIGKILL: return "SIGKILL"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        case SIGPIPE: return "SIGPIPE"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGABRT: return "SIGABRT"
        case SIGILL: return "SIGILL"
        case SIGFPE: return "SIGFPE"
        default: return nil
        }
    }
}
