import Foundation

/// Where a `command:` is: a path with a `/` is taken from the plugin's directory unless absolute; a
/// bare name is looked up on the program's `PATH`, as a shell would.
enum CommandPath {
    /// The executable `command` names, or why there is none.
    static func resolve(_ command: String, directory: URL, path: String?) -> Result<URL, ExecPluginError> {
        let files = FileManager.default
        if command.contains("/") {
            let url = command.hasPrefix("/") ? URL(fileURLWithPath: command) : directory.appendingPathComponent(command)
            let file = url.standardizedFileURL
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: file.path, isDirectory: &isFolder) else {
                return .failure(.cannotStart(command, "no such file: \(file.path)"))
            }
            guard !isFolder.boolValue, files.isExecutableFile(atPath: file.path) else {
                return .failure(.cannotStart(command, "\(file.path) is not an executable file"))
            }
            return .success(file)
        }
        let folders = (path ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for folder in folders {
            let base = folder.hasPrefix("/") ? URL(fileURLWithPath: folder) : directory.appendingPathComponent(folder)
            let file = base.appendingPathComponent(command)
            var isFolder: ObjCBool = false
            if files.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue, files.isExecutableFile(atPath: file.path) {
                return .success(file)
            }
        }
        return .failure(.cannotStart(command, "no program named \(command) on PATH"))
    }
}
