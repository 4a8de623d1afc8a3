/// One timed child process of a phase (a full build, a rebuild, a check).
struct ProcessSample: Codable, Sendable {
    var wallSeconds: Double
    var cpuSeconds: Double
    var userCPUSeconds: Double
    var systemCPUSeconds: Double
    var peakResidentBytes: Int
    /// The stages `brewguide build` printed (empty for check).
    var stages: [BuildLine.Stage]

    init(_ measurement: ProcessMeasurement) {
        wallSeconds = measurement.wallSeconds
        cpuSeconds = measurement.cpuSeconds
        userCPUSeconds = measurement.userCPUSeconds
        systemCPUSeconds = measurement.systemCPUSeconds
        peakResidentBytes = measurement.peakResidentBytes
        stages = BuildLine(output: measurement.standardOutput)?.stages ?? []
    }
}

/// The runs of one phase with their medians.
struct PhaseResult: Codable, Sendable {
    var samples: [ProcessSample] = []

    var medianWallSeconds: Double? { median(samples.map(\.wallSeconds)) }
    var medianCPUSeconds: Double? { median(samples.map(\.cpuSeconds)) }
    var medianPeakResidentBytes: Double? { median(samples.map { Double($0.peakResidentBytes) }) }

    /// Each stage's median over the runs that printed it, in the order the stages were printed.
    var medianStages: [BuildLine.Stage] {
        var names: [String] = []
        for sample in samples {
            for stage in sample.stages where !names.contains(stage.name) { names.append(stage.name) }
        }
        return names.compactMap { name in
            median(samples.compactMap { $0.stages.first { $0.name == name }?.milliseconds }).map { BuildLine.Stage(name: name, milliseconds: $0) }
        }
    }

    enum CodingKeys: String, CodingKey {
        case samples, medianWallSeconds, medianCPUSeconds, medianPeakResidentBytes, medianStages
    }

    init() {}

    init(from decoder: any Decoder) throws {
        samples = try decoder.container(keyedBy: CodingKeys.self).decode([ProcessSample].self, forKey: .samples)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(samples, forKey: .samples)
        try container.encodeIfPresent(medianWallSeconds, forKey: .medianWallSeconds)
        try container.encodeIfPresent(medianCPUSeconds, forKey: .medianCPUSeconds)
        try container.encodeIfPresent(medianPeakResidentBytes, forKey: .medianPeakResidentBytes)
        try container.encode(medianStages, forKey: .medianStages)
    }
}
