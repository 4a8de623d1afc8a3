/// The water on the scale during one brew, as a scale recorded it (`flows/<log-id>.json`):
/// a record of its own kind that belongs to a log, exported with it and erased with it.
public struct BrewFlow: Hashable, Sendable {
    public static let maximumSamples = 100_000

    public struct Sample: Hashable, Sendable {
        /// Time on the brew clock: 0 at the first sample.
        public var seconds: Double
        /// What the scale read.
        public var grams: Double

        public init(seconds: Double, grams: Double) {
            self.seconds = seconds
            self.grams = grams
        }
    }

    public var logId: String
    /// The app that recorded it (`beanconqueror`), when imported.
    public var source: String?
    /// In time order.
    public var samples: [Sample]

    public init(logId: String, source: String? = nil, samples: [Sample]) {
        self.logId = logId
        self.source = source
        self.samples = samples
    }
}
