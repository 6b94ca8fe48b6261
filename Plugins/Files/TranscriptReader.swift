import Foundation
import ParleyCore
import ParleyModel

/// A JSONL transcript read back, line by line.
enum TranscriptReader {
    /// Every line of `file` as JSON, or why it cannot be read: the file missing, or the first
    /// line that is not JSON (a transcript only ever holds whole lines, so that one is damage).
    static func lines(of file: URL) throws(Problem) -> [JSONValue] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw Problem(description: "its transcript \(file.path) cannot be read: \(FilesPluginError.reason(error))")
        }
        var lines: [JSONValue] = []
        for (index, line) in data.split(separator: 0x0A).enumerated() {
            do {
                lines.append(try JSONValue(parsing: Data(line)))
            } catch {
                throw Problem(description: "its transcript \(file.path) has a line that is not JSON (line \(index + 1)): \(error)")
            }
        }
        return lines
    }

    /// Why a transcript cannot be read.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }
}
