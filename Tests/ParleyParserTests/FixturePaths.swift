import Foundation
import ParleyModel
import ParleyParser

/// Where the test fixtures live, found from this file so tests run from any working directory.
enum FixturePaths {
    /// `Tests/ParleyParserTests/Fixtures`, absolute.
    static let root: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().appendingPathComponent("Fixtures").standardizedFileURL.path
    }()

    /// `Fixtures/valid`, absolute.
    static var valid: String { root + "/valid" }

    /// `Fixtures/invalid`, absolute.
    static var invalid: String { root + "/invalid" }

    /// The absolute path of `name` under `Fixtures/valid`.
    static func valid(_ name: String) -> String { valid + "/" + name }

    /// The absolute path of `name` under `Fixtures/invalid`.
    static func invalid(_ name: String) -> String { invalid + "/" + name }

    /// The relative paths of every file under `folder` ending in `suffix`, sorted.
    static func files(under folder: String, suffix: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(suffix) }.sorted()
    }
}
