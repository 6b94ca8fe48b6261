import ParleyCommandLine
import ParleyRunner

// Tasks run on Swift concurrency's pool, not on NIO's event loops: with the loops as the global
// executor `parley run` used 20-40% less CPU a turn, but 1,000 PolyAI conversations at once took
// 35% longer and `parley load`'s first token came later, the two cores no longer kept busy
// (BENCHMARKS.md, "The executor, side by side").

// The `parley` command: Parley's own connectors and plugins behind the shared command line.
await ParleyCommand.main(registry: .builtIn)
