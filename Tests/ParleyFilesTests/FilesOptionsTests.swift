import Foundation
import ParleyFiles
import ParleyModel
import Testing

@Suite("files options")
struct FilesOptionsTests {
    @Test("every setting is read; dir defaults to reports")
    func everySetting() throws {
        let options = try FilesPlugin.Options.parse(["junit": "junit.xml", "json": "report.json", "transcripts": true])
        #expect(options == FilesPlugin.Options(dir: "reports", junit: "junit.xml", json: "report.json", transcripts: true))
        #expect(try FilesPlugin.Options.parse(["dir": "out/ci", "junit": "j.xml", "json": .null]).json == nil)
        #expect(try FilesPlugin.Options.parse(["dir": "out/ci", "junit": "j.xml"]).dir == "out/ci")
        #expect(try FilesPlugin.Options.parse(["html": "report.html"]) == FilesPlugin.Options(html: "report.html"))
    }

    @Test("wrong values are clear errors", arguments: [
        (["html": "out/"], #"files: html must be a file name; got "out/""#),
        (["junit": 3], "files: junit must be a file name; got 3"),
        (["json": "reports/"], #"files: json must be a file name; got "reports/""#),
        (["dir": "", "junit": "j.xml"], #"files: dir must be a folder path; got """#),
        (["transcripts": "yes"], #"files: transcripts must be true or false; got "yes""#),
        (["junit": "j.xml", "xml": "x"], #"files: unknown setting "xml"; expected one of dir, junit, json, html, transcripts"#),
        ([:], "files: nothing to write; set junit, json, html or transcripts: true"),
        (["transcripts": false], "files: nothing to write; set junit, json, html or transcripts: true"),
    ] as [([String: JSONValue], String)])
    func wrongValues(settings: [String: JSONValue], message: String) {
        #expect {
            _ = try FilesPlugin.Options.parse(settings)
        } throws: { error in
            String(describing: error) == message && (error as? FilesPluginError)?.errorDescription == message
        }
    }

    @Test("relative paths are taken from the base directory, absolute ones as they are")
    func paths() {
        let base = URL(fileURLWithPath: "/work/project")
        let plugin = FilesPlugin(options: .init(dir: "out/../reports", junit: "ci/junit.xml", json: "/tmp/r.json"), baseDirectory: base)
        #expect(plugin.folder.path == "/work/project/reports")
        #expect(plugin.junitURL?.path == "/work/project/reports/ci/junit.xml")
        #expect(plugin.jsonURL?.path == "/tmp/r.json")
        #expect(plugin.transcriptsFolder.path == "/work/project/reports/transcripts")
    }
}
