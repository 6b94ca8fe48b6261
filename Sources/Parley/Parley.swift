// The umbrella: `import Parley` gives what a program that runs flows needs: the runner and its
// registry, the plugin and connector protocols, events and results, the model and the parser.
@_exported import ParleyCore
@_exported import ParleyModel
@_exported import ParleyParser
@_exported import ParleyRunner
