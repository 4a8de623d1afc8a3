import Foundation

/// All numbers of one `brewbench run`, as written by `--json`.
struct BenchmarkReport: Codable, Sendable {
    var machine: MachineFacts
    var binary: String
    var runs: Int
    var seed: UInt64
    var sizes: [SizeResult]

    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
