import Foundation

/// `parley serve` from this program's build folder, on a free port, stopped by its PID.
final class ServeProcess {
    let url: String
    private let process = Process()

    init(script: String) throws {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        process.executableURL = folder.appendingPathComponent("parley")
        process.arguments = ["serve", "--port", "0", "--agent-script", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let found = text.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("http://") }) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "parley serve printed \(text)"])
        }
        url = String(found)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
