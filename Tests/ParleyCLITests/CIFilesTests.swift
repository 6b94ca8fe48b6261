import Foundation
import ParleyTesting
import Testing

/// The CI files of docs/ci.md (deploy/ci/ and the Kubernetes Indexed Job) checked by the tools
/// that judge them, from PyPI in .venv: actionlint and SchemaStore's GitHub workflow schema, SchemaStore's
/// GitLab CI schema (check-jsonschema), and Kubernetes' own schemas (kubernetes-validate, strict).
/// Each check is also shown to refuse a broken copy. Then each file's commands are run as its
/// engine would run them, every shard and the merge, word for word, in a workspace whose `Flows/`
/// holds the fast flows of Fixtures/shards (tags, a data-driven flow, a subfolder served over
/// PolyAI, a skipped flow): the shards cover every flow run exactly once and the merge gives the
/// run back. What they prove is the file's split and merge, not the examples, which
/// RunCommandTests runs whole (their agents think in real time: ~15 s a run, three times a file).
@Suite("CI files")
struct CIFilesTests {
    static let deploy = ProjectPaths.root.appendingPathComponent("deploy")
    static let github = deploy.appendingPathComponent("ci/github-actions.yml")
    static let gitlab = deploy.appendingPathComponent("ci/gitlab-ci.yml")
    static let indexedJob = deploy.appendingPathComponent("kubernetes/indexed-job.yaml")
    static let reportJob = deploy.appendingPathComponent("kubernetes/report-job.yaml")
    static let parley = ProjectPaths.product("parley")

    static func tool(_ name: String) -> CommandRunner {
        CommandRunner(executable: ProjectPaths.python.deletingLastPathComponent().appendingPathComponent(name))
    }

    /// actionlint on its own rules only: shellcheck and pyflakes are left out, so the result does not
    /// depend on what else this machine has on its PATH.
    static func actionlint(_ file: URL) async throws -> CommandRunner.Output {
        try await tool("actionlint").run(["-no-color", "-oneline", "-shellcheck=", "-pyflakes=", file.path])
    }

    static func schema(_ name: String, _ file: URL) async throws -> CommandRunner.Output {
        try await PythonTool.console("check-jsonschema").run(["--builtin-schema", name, file.path])
    }

    static func kubernetes(_ files: [URL]) async throws -> CommandRunner.Output {
        try await PythonTool.console("kubernetes-validate").run(["--strict", "--no-warn"] + files.map(\.path))
    }

    /// A copy of `file` in `folder` with `old` replaced by `new` (which must be there).
    static func broken(_ file: URL, in folder: URL, _ old: String, _ new: String) throws -> URL {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(file.lastPathComponent) holds \(old)")
        let copy = folder.appendingPathComponent(file.lastPathComponent)
        try text.replacingOccurrences(of: old, with: new).write(to: copy, atomically: true, encoding: .utf8)
        return copy
    }

    @Test("the GitHub workflow passes actionlint and the GitHub workflow schema; a needs: naming no job and a misspelt key are refused")
    func githubActions() async throws {
        let lint = try await Self.actionlint(Self.github)
        #expect(lint.status == 0 && lint.stdout.isEmpty, "stdout: \(lint.stdout)\nstderr: \(lint.stderr)")
        let schema = try await Self.schema("vendor.github-workflows", Self.github)
        #expect(schema.status == 0 && schema.stdout.contains("ok -- validation done"), "stdout: \(schema.stdout)\nstderr: \(schema.stderr)")

        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let badNeeds = try await Self.actionlint(try Self.broken(Self.github, in: folder, "needs: [build, shards]", "needs: [build, shard]"))
        #expect(badNeeds.status == 1, "stdout: \(badNeeds.stdout)\nstderr: \(badNeeds.stderr)")
        #expect(badNeeds.stdout.contains(#"job "merge" needs job "shard" which does not exist"#), "\(badNeeds.stdout)")
        let badKey = try Self.broken(Self.github, in: folder, "fail-fast: false", "fail-fats: false")
        let badKeyLint = try await Self.actionlint(badKey)
        #expect(badKeyLint.status == 1 && badKeyLint.stdout.contains(#"unexpected key "fail-fats""#), "\(badKeyLint.stdout)")
        let badKeySchema = try await Self.schema("vendor.github-workflows", badKey)
        #expect(badKeySchema.status == 1 && badKeySchema.stdout.contains("fail-fats"), "\(badKeySchema.stdout)")
    }

    @Test("the GitLab CI file passes GitLab's CI schema; parallel: \"three\" is refused")
    func gitlabCI() async throws {
        let good = try await Self.schema("vendor.gitlab-ci", Self.gitlab)
        #expect(good.status == 0 && good.stdout.contains("ok -- validation done"), "stdout: \(good.stdout)\nstderr: \(good.stderr)")
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try await Self.schema("vendor.gitlab-ci", try Self.broken(Self.gitlab, in: folder, "parallel: 3", #"parallel: "three""#))
        #expect(bad.status == 1, "stdout: \(bad.stdout)\nstderr: \(bad.stderr)")
        #expect(bad.stdout.contains("$.shards.parallel: 'three' is not"), "\(bad.stdout)")
    }

    @Test("the Indexed Job, its volume and the merging Job pass strict schema validation; a misspelt completionMode key and a completions that is no number are refused")
    func kubernetesJobs() async throws {
        let output = try await Self.kubernetes([Self.indexedJob, Self.reportJob])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        for kind in ["persistentvolumeclaim/parley-reports", "job/parley-shards", "job/parley-report"] {
            #expect(output.stdout.contains("passed for resource \(kind)"), "\(kind): \(output.stdout)")
        }
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mistakes = [
            // Kubernetes' schemas give completionMode no enum, so a misspelt value passes them (the
            // run test below checks it is Indexed); a misspelt key does not.
            ("completionMode: Indexed", "completionMod: Indexed", "'completionMod' was unexpected"),
            ("completions: 3", "completions: three", "'three' is not of type 'integer'"),
        ]
        for (old, new, said) in mistakes {
            let output = try await Self.kubernetes([try Self.broken(Self.indexedJob, in: folder, old, new)])
            #expect(output.status != 0, "\(new): stdout: \(output.stdout)\nstderr: \(output.stderr)")
            #expect((output.stdout + output.stderr).contains(said), "\(new): \(output.stdout)\(output.stderr)")
        }
    }

    // MARK: - The files as their engines run them

    /// The YAML documents of `file` as JSON values, read by PyYAML.
    static func documents(_ file: URL) async throws -> [[String: Any]] {
        let read = try await CommandRunner(executable: ProjectPaths.python).run([
            "-c", "import json, sys, yaml; json.dump([d for d in yaml.safe_load_all(open(sys.argv[1])) if d], sys.stdout)", file.path,
        ])
        try #require(read.status == 0, "\(read.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]])
    }

    /// A `--shard a/N` in `command`: N, or nil when there is none.
    static func shardTotal(_ command: String, index: String) -> Int? {
        guard let range = command.range(of: "--shard \(index)/") else { return nil }
        return Int(command[range.upperBound...].prefix { $0.isNumber })
    }

    /// A folder to run one engine's jobs in: the project's `Flows` (a copy) and `bin/parley`, as
    /// the files' build jobs leave it.
    static func workspace(_ name: String, in folder: URL) throws -> URL {
        let workspace = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("bin"), withIntermediateDirectories: true)
        // A copy: parley does not search a symlinked folder.
        try FileManager.default.copyItem(at: folder.appendingPathComponent("Flows"), to: workspace.appendingPathComponent("Flows"))
        try FileManager.default.createSymbolicLink(at: workspace.appendingPathComponent("bin/parley"), withDestinationURL: parley)
        return workspace
    }

    /// Runs `script` with `shell` in `folder`, the built parley first on the PATH.
    static func shell(_ shell: String, _ script: String, in folder: URL, environment: [String: String] = [:]) async throws -> CommandRunner.Output {
        let path = parley.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try await CommandRunner(executable: URL(fileURLWithPath: shell), directory: folder, environment: environment.merging(["PATH": path]) { a, _ in a })
            .run(["-e", "-c", script])
    }

    /// What a merge gave: its flows, which must be the whole run's, each once, from every shard.
    static func expectMerged(_ merge: CommandRunner.Output, report: URL, shards: Int, whole: [String], _ engine: String) throws {
        #expect(merge.status == 0, "\(engine) merge: \(merge.stdout)\n\(merge.stderr)")
        // 06-meaning is skipped where no model is configured, in every shard as in the whole run.
        #expect(
            merge.stdout.contains("\(whole.count) flow runs from \(shards) reports: \(whole.count - 1) passed, 0 flaky, 0 failed, 1 skipped"),
            "\(engine): \(merge.stdout)")
        #expect(try ReportCommandTests.flows(report) == whole, "\(engine): the merged run is the whole run")
    }

    /// The whole run of Flows/ the three engines' merges are compared with: run once and shared
    /// by their tests (it only reads the flows), so each engine's shards run beside the others'.
    static let wholeRun = Task { () throws -> [String] in
        let folder = try RunFixtures.fastFlows()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try await CommandRunner(executable: parley, directory: folder).run(["run", "Flows", "--json", "whole/report.json"])
        guard whole.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the whole run failed: \(whole.stdout)\n\(whole.stderr)"])
        }
        return try ReportCommandTests.flows(folder.appendingPathComponent("whole/report.json"))
    }

    /// Runs each shard's job at once, each in a workspace of its own as on a runner of its own, then
    /// puts each shard's `reports/shard-N` in `merge`'s `reports/`, where the merge job's artifact
    /// download puts it.
    static func shardJobs(
        _ shards: [Int], engine: String, in folder: URL, mergingInto merge: URL, _ job: @escaping @Sendable (Int, URL) async throws -> Void
    ) async throws {
        try await concurrently(shards) { shard in
            let own = try workspace("\(engine)-shard-\(shard)", in: folder)
            try await job(shard, own)
            let reports = merge.appendingPathComponent("reports")
            try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
            let artifact = own.appendingPathComponent("reports/shard-\(shard)")
            guard FileManager.default.fileExists(atPath: artifact.path) else { return }
            try FileManager.default.copyItem(at: artifact, to: reports.appendingPathComponent("shard-\(shard)"))
        }
    }

    /// Runs `body` for each of `items` at once (a CI engine's parallel jobs), and waits for all.
    static func concurrently<Item: Sendable>(_ items: [Item], _ body: @escaping @Sendable (Item) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for item in items { group.addTask { try await body(item) } }
            try await group.waitForAll()
        }
    }

    /// The whole run's flows, awaited only when a merge is compared with it, so the shards run
    /// beside the whole run.
    static func wholeFlows() async throws -> [String] {
        let flows = try await wholeRun.value
        #expect(flows.count > 3)
        return flows
    }

    @Test("GitHub Actions: the matrix's shards, run as its jobs run them against the fast flows in Flows/, cover every flow once, and its merge gives back the whole run")
    func githubShardsMergeToTheWholeRun() async throws {
        let folder = try RunFixtures.fastFlows()
        defer { try? FileManager.default.removeItem(at: folder) }
        // GitHub Actions: the matrix's shards, each job's `run:` steps in order with bash -e (the
        // workflow's default shell); the artifacts' paths as upload-artifact and download-artifact lay them out.
        do {
            let workflow = try #require(try await Self.documents(Self.github).first)
            let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
            let shards = try #require(jobs["shards"]), merge = try #require(jobs["merge"])
            let strategy = try #require(shards["strategy"] as? [String: Any])
            #expect(strategy["fail-fast"] as? Bool == false, "a failing shard does not cancel the others")
            let matrix = try #require((strategy["matrix"] as? [String: Any])?["shard"] as? [Int])
            let steps = try #require(shards["steps"] as? [[String: Any]])
            let runs = steps.compactMap { $0["run"] as? String }
            let total = try #require(runs.lazy.compactMap { Self.shardTotal($0, index: "${{ matrix.shard }}") }.first)
            #expect(matrix == Array(1...total), "the matrix is shards 1…\(total): \(matrix)")
            let upload = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
            #expect(upload["if"] as? String == "always()", "a failing shard's reports are uploaded")
            let uploaded = try #require(upload["with"] as? [String: Any])
            #expect(uploaded["name"] as? String == "shard-${{ matrix.shard }}")
            #expect(uploaded["path"] as? String == "reports/shard-${{ matrix.shard }}/")
            #expect((merge["needs"] as? [String])?.contains("shards") == true)
            #expect(merge["if"] as? String == "always()", "the merge runs when a shard failed")
            let mergeSteps = try #require(merge["steps"] as? [[String: Any]])
            let download = try #require(mergeSteps.first { (($0["with"] as? [String: Any])?["pattern"] as? String) == "shard-*" })
            #expect((download["with"] as? [String: Any])?["path"] as? String == "reports", "each shard-N artifact lands in reports/shard-N")
            #expect(mergeSteps.last?["if"] as? String == "always()", "the merged reports are uploaded when the run failed")

            let workspace = try Self.workspace("github", in: folder)
            try await Self.shardJobs(matrix, engine: "github", in: folder, mergingInto: workspace) { shard, own in
                for run in runs {
                    let script = run.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
                    #expect(!script.contains("${{"), "\(script)")
                    let output = try await Self.shell("/bin/bash", script, in: own)
                    #expect(output.status == 0, "shard \(shard): \(script)\n\(output.stdout)\n\(output.stderr)")
                }
            }
            let merged = try await Self.shell("/bin/bash", mergeSteps.compactMap { $0["run"] as? String }.joined(separator: "\n"), in: workspace)
            let flows = try await Self.wholeFlows()
            try Self.expectMerged(merged, report: workspace.appendingPathComponent("reports/merged/report.json"), shards: total, whole: flows, "GitHub")
        }

    }

    @Test("Kubernetes: the Indexed Job's pods, run as their script runs against the fast flows in Flows/, cover every top-level flow once, and the merging Job gives them back")
    func kubernetesShardsMergeToTheWholeRun() async throws {
        let folder = try RunFixtures.fastFlows()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Kubernetes: each index's pod script with its JOB_COMPLETION_INDEX, then the merging Job's
        // args; the volume mounted at /reports is a folder here, and /project is Flows (the shards'
        // split and the flows' ids follow the path as given, the same in every pod).
        do {
            let documents = try await Self.documents(Self.indexedJob)
            let claim = try #require(documents.first { $0["kind"] as? String == "PersistentVolumeClaim" })
            #expect((claim["spec"] as? [String: Any])?["accessModes"] as? [String] == ["ReadWriteMany"], "pods on any node write to it")
            let job = try #require(documents.first { $0["kind"] as? String == "Job" })
            let spec = try #require(job["spec"] as? [String: Any])
            #expect(spec["completionMode"] as? String == "Indexed")
            let completions = try #require(spec["completions"] as? Int)
            #expect(spec["parallelism"] as? Int == completions, "every shard runs at once")
            let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
            let container = try #require((pod["containers"] as? [[String: Any]])?.first)
            let command = try #require(container["command"] as? [String])
            #expect(command.prefix(2) == ["sh", "-c"] && command.count == 3, "\(command)")
            let script = command[command.count - 1]
            #expect(Self.shardTotal(script, index: "$((JOB_COMPLETION_INDEX+1))") == completions, "--shard $((JOB_COMPLETION_INDEX+1))/\(completions): \(script)")
            let reportJob = try #require(try await Self.documents(Self.reportJob).first)
            let reportPod = try #require(((reportJob["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"] as? [String: Any])
            for spec in [pod, reportPod] {
                let volumes = try #require(spec["volumes"] as? [[String: Any]])
                #expect(volumes.contains { ($0["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String == "parley-reports" })
            }
            let args = try #require((reportPod["containers"] as? [[String: Any]])?.first?["args"] as? [String])

            let reports = folder.appendingPathComponent("kubernetes-volume")
            let local = { @Sendable (text: String) in
                text.replacingOccurrences(of: "/reports/", with: reports.path + "/").replacingOccurrences(of: "/project", with: "Flows")
            }
            // The Indexed Job's pods run at once (parallelism is completions), each with its own
            // copy of the project and the one volume.
            try await Self.concurrently(Array(0..<completions)) { index in
                let pod = folder.appendingPathComponent("pod-\(index)")
                try FileManager.default.createDirectory(at: pod, withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: folder.appendingPathComponent("Flows"), to: pod.appendingPathComponent("Flows"))
                let output = try await Self.shell("/bin/sh", local(script), in: pod, environment: ["JOB_COMPLETION_INDEX": "\(index)"])
                #expect(output.status == 0, "index \(index): \(output.stdout)\n\(output.stderr)")
                #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent("shard-\(index + 1)/report.json").path))
            }
            let merged = try await CommandRunner(executable: Self.parley, directory: folder).run(args.map(local))
            // The pods run the ConfigMap's flows, a flat folder: Flows/*.flow.yaml here.
            let flows = try await Self.wholeFlows()
            let topLevel = flows.filter { $0.prefix { $0 != " " }.filter { $0 == "/" }.count == 1 }
            #expect(topLevel.count > 3 && topLevel.count < flows.count)
            try Self.expectMerged(merged, report: reports.appendingPathComponent("merged/report.json"), shards: completions, whole: topLevel, "Kubernetes")
        }

    }

    @Test("GitLab CI: the parallel shards, run as GitLab runs their script against the fast flows in Flows/, cover every flow once, and the merge gives back the whole run")
    func gitlabShardsMergeToTheWholeRun() async throws {
        let folder = try RunFixtures.fastFlows()
        defer { try? FileManager.default.removeItem(at: folder) }
        // GitLab CI: `parallel: N` runs the shards' script with CI_NODE_INDEX 1…N and CI_NODE_TOTAL N.
        do {
            let pipeline = try #require(try await Self.documents(Self.gitlab).first)
            let shards = try #require(pipeline["shards"] as? [String: Any]), merge = try #require(pipeline["merge"] as? [String: Any])
            let parallel = try #require(shards["parallel"] as? Int)
            let script = try #require(shards["script"] as? [String]).joined(separator: "\n")
            #expect(script.contains("--shard $CI_NODE_INDEX/$CI_NODE_TOTAL"), "\(script)")
            let artifacts = try #require(shards["artifacts"] as? [String: Any])
            #expect(artifacts["when"] as? String == "always", "a failing shard's reports are kept")
            #expect((artifacts["reports"] as? [String: Any])?["junit"] as? String == "reports/shard-*/junit.xml")
            #expect(merge["when"] as? String == "always", "the merge runs when a shard failed")
            #expect((merge["artifacts"] as? [String: Any])?["when"] as? String == "always")
            let needs = try #require(merge["needs"] as? [[String: Any]])
            #expect(needs.contains { $0["job"] as? String == "shards" && $0["artifacts"] as? Bool == true })

            let workspace = try Self.workspace("gitlab", in: folder)
            try await Self.shardJobs(Array(1...parallel), engine: "gitlab", in: folder, mergingInto: workspace) { index, own in
                let output = try await Self.shell("/bin/sh", script, in: own, environment: ["CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "\(parallel)"])
                #expect(output.status == 0, "shard \(index): \(output.stdout)\n\(output.stderr)")
            }
            let merged = try await Self.shell("/bin/sh", try #require(merge["script"] as? [String]).joined(separator: "\n"), in: workspace)
            let flows = try await Self.wholeFlows()
            try Self.expectMerged(merged, report: workspace.appendingPathComponent("reports/merged/report.json"), shards: parallel, whole: flows, "GitLab")
        }
    }

    /// Every `parley run …` and `parley report …` command line in the three files, as their
    /// engines read them: the workflow's `run:` steps, GitLab's scripts, the pods' script and the
    /// merging Job's args.
    static func commandLines() async throws -> [String] {
        var scripts: [String] = []
        let workflow = try #require(try await documents(github).first)
        for job in (workflow["jobs"] as? [String: [String: Any]] ?? [:]).values {
            scripts += (job["steps"] as? [[String: Any]] ?? []).compactMap { $0["run"] as? String }
        }
        for job in try #require(try await documents(gitlab).first).values {
            scripts += (job as? [String: Any])?["script"] as? [String] ?? []
        }
        for document in try await documents(indexedJob) + documents(reportJob) {
            let pod = ((document["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"] as? [String: Any]
            for container in pod?["containers"] as? [[String: Any]] ?? [] {
                if let command = container["command"] as? [String] { scripts.append(command.joined(separator: " ")) }
                if container["command"] == nil, let args = container["args"] as? [String] { scripts.append("parley " + args.joined(separator: " ")) }
            }
        }
        return scripts.flatMap { $0.split(separator: "\n") }.compactMap { line in
            line.range(of: #"parley (run|report) .*"#, options: .regularExpression).map { String(line[$0]) }
        }
    }

    @Test("every option the files give parley run and parley report is one their --help lists")
    func optionsExist() async throws {
        let lines = try await Self.commandLines()
        var help: [String: String] = [:]
        for command in ["run", "report"] {
            let output = try await CommandRunner(executable: Self.parley).run([command, "--help"])
            #expect(output.status == 0, "\(output.stderr)")
            help[command] = output.stdout
        }
        var used: [String: Set<String>] = [:]
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            let command = words[1]
            for word in words.dropFirst(2) where word.hasPrefix("--") {
                let option = String(word.prefix { $0 != "=" })
                used[command, default: []].insert(option)
                #expect(help[command]?.contains(" \(option) ") == true, "parley \(command) has no \(option): \(line)")
            }
        }
        #expect(used["run"] == ["--shard", "--json", "--transcripts", "--junit"], "\(used)")
        #expect(used["report"] == ["--json", "--junit", "--html"], "\(used)")
        // Every file runs both: the shards and their merge.
        #expect(lines.filter { $0.hasPrefix("parley run") }.count >= 3 && lines.filter { $0.hasPrefix("parley report") }.count >= 3, "\(lines)")
    }
}
