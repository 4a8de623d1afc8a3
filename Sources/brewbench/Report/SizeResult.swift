/// Everything measured for one journal size.
struct SizeResult: Codable, Sendable {
    var logs: Int
    var format: DataFormat
    /// Kitchen recipes beside the logs (`--kitchen-recipes`); nil in reports made before it.
    var kitchenRecipes: Int?
    /// The full build into an empty folder.
    var fullBuild = PhaseResult()
    /// A second build over the site of the first, the data unchanged.
    var rebuild = PhaseResult()
    var check = PhaseResult()
    /// HTML pages and files as `brewguide build` printed them.
    var pages: Int?
    var output: OutputSize?
    var floorSeconds: [Double] = []
    var watch: WatchLatencyProbe.Result?
    /// Why there is no watch measurement, when there is none.
    var watchNote: String?
    var deleteEffect: DeleteEffect?
    /// The share of both cores busy with other work just before each round (-1: unknown).
    var busyBeforeRounds: [Double] = []
    /// Seconds spent waiting for a quiet disk before the timed steps (nil: not waited).
    var diskSettleSeconds: Double?

    /// Set by `summarize()`.
    var medianFloorSeconds: Double?
    var buildToFloorRatio: Double?

    mutating func summarize() {
        medianFloorSeconds = median(floorSeconds)
        if let build = fullBuild.medianWallSeconds, let floor = medianFloorSeconds, floor > 0 {
            buildToFloorRatio = build / floor
        }
    }

    init(logs: Int, format: DataFormat, kitchenRecipes: Int) {
        self.logs = logs
        self.format = format
        self.kitchenRecipes = kitchenRecipes > 0 ? kitchenRecipes : nil
    }

    /// The size as the tables name it: "10,000", or "1,000 + 1,000 kitchen".
    var label: String {
        Shown.count(logs) + (kitchenRecipes.map { " + \(Shown.count($0)) kitchen" } ?? "")
    }
}

/// The size of a built site.
struct OutputSize: Codable, Sendable {
    var files: Int
    var folders: Int
    var bytes: Int
    var allocatedBytes: Int
}

/// The file-creation floor measured right after deleting a copy of the site, against the
/// floor measured with no deletion before it.
struct DeleteEffect: Codable, Sendable {
    var deleteSeconds: Double
    var floorAfterDeleteSeconds: Double
    var floorAfterDeleteRatio: Double?
}
