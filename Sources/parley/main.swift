import NIOCore
import NIOPosix
import ParleyCommandLine
import ParleyRunner

// Every task runs on NIO's event loops, the threads that do the HTTP I/O, instead of hopping
// between them and Swift concurrency's pool several times a turn (BENCHMARKS.md, issue 20).
// Nothing may block a loop: blocking work goes to a `DedicatedThread`.
_ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()

// The `parley` command: Parley's own connectors and plugins behind the shared command line.
await ParleyCommand.main(registry: .builtIn)
