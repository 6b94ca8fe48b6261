import Foundation

extension ExecPlugin {
    /// The program `options` name, found as the plugin will look for it (relative to `directory`,
    /// or on the `PATH` its environment gives), or why there is none: planning reports a missing
    /// or non-executable program before anything runs, as `parley validate` does.
    public static func program(_ options: Options, directory: URL) -> Result<URL, ExecPluginError> {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(options.env) { _, new in new }
        return CommandPath.resolve(options.command, directory: directory, path: environment["PATH"])
    }
}
