/// A failure of the benchmark with a message for the person running it.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
