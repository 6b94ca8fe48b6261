import Foundation
import ParleyTesting
import Testing

/// The deployment files under deploy/ (docs/monitor.md) checked by the tools that judge them:
/// Kubernetes' own OpenAPI schemas (kubernetes-validate, from PyPI, strict: no unknown field) and
/// systemd's unit parser (`systemd-analyze verify`). Each check is also shown to refuse a broken copy,
/// so a validator that accepts anything cannot pass this suite.
@Suite("deployment files")
struct DeploymentFilesTests {
    static let deploy = ProjectPaths.root.appendingPathComponent("deploy")
    static let manifests = ["kubernetes/monitor.yaml", "kubernetes/cronjob.yaml"]

    static func validate(_ files: [URL]) async throws -> CommandRunner.Output {
        try await PythonTool.console("kubernetes-validate").run(["--strict", "--no-warn"] + files.map(\.path))
    }

    @Test("the Kubernetes manifests (Deployment, Service with scrape annotations, PVC, CronJob) pass strict schema validation")
    func kubernetes() async throws {
        let files = Self.manifests.map { Self.deploy.appendingPathComponent($0) }
        let output = try await Self.validate(files)
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        for kind in ["deployment/parley-monitor", "service/parley-monitor", "persistentvolumeclaim/parley-history", "cronjob/parley-checks"] {
            #expect(output.stdout.contains("passed for resource \(kind)"), "\(kind): \(output.stdout)")
        }
        let monitor = try String(contentsOf: files[0], encoding: .utf8)
        #expect(monitor.contains(#"prometheus.io/scrape: "true""#))
        #expect(monitor.contains("args: [monitor, /project"))
        let cron = try String(contentsOf: files[1], encoding: .utf8)
        #expect(cron.contains("--require-delivery"), "a lost push or alert fails the job")
    }

    @Test("the validator refuses a manifest with a field Kubernetes does not have, and one missing a required field")
    func kubernetesRefuses() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("monitor.yaml")
        let text = try String(contentsOf: Self.deploy.appendingPathComponent(Self.manifests[0]), encoding: .utf8)
        let mistakes = [
            ("containerPort: 9464", "containerPort: 9464\n              hostnme: x", "'hostnme' was unexpected"),
            ("containerPort: 9464", "containerPrt: 9464", "'containerPort' is a required property"),
        ]
        for (old, new, said) in mistakes {
            try text.replacingOccurrences(of: old, with: new).write(to: broken, atomically: true, encoding: .utf8)
            let output = try await Self.validate([broken])
            #expect(output.status != 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
            #expect((output.stdout + output.stderr).contains(said), "\(output.stdout)\(output.stderr)")
        }
    }

    /// The unit as installed, with ExecStart pointing at this build's `parley` (verify checks that
    /// the program exists and is executable).
    static func unit(in folder: URL, replacing: (String, String)? = nil) throws -> URL {
        var text = try String(contentsOf: deploy.appendingPathComponent("systemd/parley-monitor.service"), encoding: .utf8)
        #expect(text.contains("ExecStart=/usr/local/bin/parley monitor "))
        text = text.replacingOccurrences(of: "ExecStart=/usr/local/bin/parley", with: "ExecStart=\(ProjectPaths.product("parley").path)")
        if let (old, new) = replacing { text = text.replacingOccurrences(of: old, with: new) }
        let file = folder.appendingPathComponent("parley-monitor.service")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("the systemd unit passes systemd-analyze verify with no warning, and a misspelt key is caught")
    func systemd() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let verify = CommandRunner(executable: URL(fileURLWithPath: "/usr/bin/systemd-analyze"))
        let good = try await verify.run(["verify", try Self.unit(in: folder).path])
        #expect(good.status == 0 && good.stderr.isEmpty && good.stdout.isEmpty, "stdout: \(good.stdout)\nstderr: \(good.stderr)")
        let bad = try await verify.run(["verify", try Self.unit(in: folder, replacing: ("RestartSec=5", "RestartSecs=5")).path])
        #expect(bad.stderr.contains("Unknown key 'RestartSecs'"), "stdout: \(bad.stdout)\nstderr: \(bad.stderr)")
    }
}
