import ArgumentParser
struct HugoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hugo")
    func run() throws {}
}
