import AsyncHTTPClient
import Foundation

/// How a plugin's HTTP delivery names what went wrong and where, without credentials: shared by
/// the webhook and metrics plugins, whose failures read alike in every report.
public enum HTTPFailureText {
    /// A short reason for a transport failure: `connection refused`, `deadline exceeded`.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError { return error.shortDescription.lowercased() }
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("connection refused") { return "connection refused" }
        if text.localizedCaseInsensitiveContains("connection reset") { return "connection reset" }
        return text
    }

    /// The URL for messages, without user info, query or fragment, which may carry credentials.
    public static func displayURL(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? url
    }
}
