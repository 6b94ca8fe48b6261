import Foundation
import ParleyModel

/// `${env.X}` and `${secret.X}` from the process environment; a secret may instead come from the
/// file named by `X_FILE` (the Docker and Kubernetes convention), its trailing line breaks dropped.
public struct ProcessEnvironment: Sendable {
    /// The variables read; injected so tests need not touch the real environment.
    public var variables: [String: String]

    /// Reads from `variables`, by default this process's environment.
    public init(variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// The value of an env or secret reference, or nil.
    public func value(of reference: Reference) -> String? {
        switch reference {
        case .variable: return nil
        case .environment(let name): return variables[name]
        case .secret(let name):
            if let value = variables[name] { return value }
            guard let file = variables["\(name)_FILE"], let contents = try? String(contentsOfFile: file, encoding: .utf8)
            else { return nil }
            // `echo token > file` ends the file with a line break, Windows editors with CR LF; neither
            // is part of the secret, and either would break a header that carries it.
            var scalars = contents.unicodeScalars
            while let last = scalars.last, last == "\n" || last == "\r" { scalars.removeLast() }
            return String(scalars)
        }
    }

    /// An interpolation context over these variables.
    public func interpolation(variables flowVariables: [String: JSONValue] = [:]) -> Interpolation {
        let environment = self
        return Interpolation(variables: flowVariables) { environment.value(of: $0) }
    }
}
