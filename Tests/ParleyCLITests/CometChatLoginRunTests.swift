import Foundation
import ParleyTesting
import Testing

/// The built binary logging in to a CometChat-shaped peer as the SDK does
/// (`Fixtures/cometchat-login/cc_peer.py`, a real server on 127.0.0.1 stopped by its PID): only
/// `rest_url` is given, `PUT /v3.0/me` gives the JWT and settings naming the socket, the auth frame
/// must carry the JWT (a numeric `code` answers it), and the socket closes with the logout code.
@Suite(.serialized)
struct CometChatLoginRunTests {
    let executable = ProjectPaths.product("parley")

    @Test("the socket found through /v3.0/me takes the JWT; a logout close fails the flow, unreconnected; neither token is in any output")
    func loginThenLogout() async throws {
        let authToken = "auth-" + UUID().uuidString.lowercased()
        let jwt = "eyJ" + UUID().uuidString.lowercased().filter(\.isHexDigit)
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/cometchat-login")
        let peer = try await ReadyServer.start(python: project.appendingPathComponent("cc_peer.py"), arguments: [authToken, jwt])
        defer { peer.stop() }
        let runner = CommandRunner(executable: executable, directory: project, environment: ["PEER": peer.url])
        let output = try await runner.run(["run", "flows"])
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)\npeer: \(peer.log())")
        let summary = output.stdout.components(separatedBy: "\n\n").last ?? ""
        let failure = RunFixtures.lines(summary, startingWith: "flows/logout.flow.yaml").first ?? "no failure line"
        #expect(
            failure.contains("closed with 1002 \"USER_LOGGED_OUT\"") && failure.contains("logged the user out, so Parley does not reconnect"),
            "\(summary)\npeer: \(peer.log())")
        #expect(!output.stdout.contains("reconnecting"), "\(output.stdout)")
        // The login, in the SDK's order, and one socket only.
        let requests = peer.log().split(separator: "\n").map(String.init)
        #expect(requests.prefix(3) == ["POST /v3/users/cometchat-uid-1/auth_tokens", "PUT /v3.0/me", "GET /"], "\(requests)")
        #expect(requests.filter { $0 == "GET /" }.count == 1, "\(requests)")
        var outputs = [output.stdout, output.stderr]
        let reports = project.appendingPathComponent("reports")
        for file in FileManager.default.enumerator(atPath: reports.path)?.compactMap({ $0 as? String }) ?? [] {
            if let text = try? String(contentsOf: reports.appendingPathComponent(file), encoding: .utf8) { outputs.append(text) }
        }
        #expect(outputs.count > 3, "no reports written")
        for text in outputs {
            #expect(!text.contains(jwt) && !text.contains(authToken))
        }
    }

    @Test("a cometchat agent with neither websocket_url nor serve is valid: the login names its socket")
    func noWebSocketURLIsValid() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/cometchat-login")
        let runner = CommandRunner(executable: executable, directory: project, environment: ["PEER": "http://127.0.0.1:9/"])
        let output = try await runner.run(["validate", "flows"])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
    }
}
