import ParleyCommandLine
import ParleyRunner

// The `parley` command: Parley's own connectors and plugins behind the shared command line.
await ParleyCommand.main(registry: .builtIn)
