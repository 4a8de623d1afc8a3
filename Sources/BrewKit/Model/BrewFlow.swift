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

extension BrewFlow {
    /// The recorded pours' shelf of the data set's store (`RecordStore`): read into it by
    /// `FlowsKind`, each file's pour (`flows/<log-id>.json`, so its id is its log's and names a
    /// file); checked as every kind's ids, then each pour whose log is not in the data is a
    /// warning, and it is not shown.
    public static let shelf = RecordShelf<BrewFlow>(kindName: "flows", idLabel: "recorded pour", id: { $0.logId }) { flows, dataset in
        let logIDs = Set(dataset.logs.map(\.value.id))
        return flows.filter { !logIDs.contains($0.value.logId) }.map { flow in
            .warning("this recorded pour belongs to log \"\(flow.value.logId)\", which is not in the data; it is not shown", at: flow.source.record)
        }
    }
}

extension Dataset {
    /// Recorded pours (`flows/`), in file order: the data set's shelf of them (`BrewFlow.shelf`).
    public var recordedPours: [Located<BrewFlow>] {
        get { store[BrewFlow.shelf] }
        set { store[BrewFlow.shelf] = newValue }
    }

    /// The recorded pours of the logs in the data, by log id (one whose log is not there is left
    /// out, as its warning says). Made on each call, from every log id: a caller that looks up
    /// many keeps it (`Journal.flowsByLogID`).
    public func flowsByLogID() -> [String: BrewFlow] {
        let pours = recordedPours
        guard !pours.isEmpty else { return [:] }
        let logIDs = Set(logs.map(\.value.id))
        var byLog: [String: BrewFlow] = [:]
        for pour in pours where logIDs.contains(pour.value.logId) { byLog[pour.value.logId] = byLog[pour.value.logId] ?? pour.value }
        return byLog
    }
}
