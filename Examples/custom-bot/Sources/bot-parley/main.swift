import MyBotConnector
import Parley
import ParleyCommandLine
import SlowestPlugin

// `parley`, with the team's connector and plugin beside Parley's own: `bot-parley run`,
// `validate`, `schema project` and the rest know `connector: mybot` and `- slowest`.
await ParleyCommand.main(registry: Registry.builtIn.adding(MyBot.provider).adding(Slowest.provider))
