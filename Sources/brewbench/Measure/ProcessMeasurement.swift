/// What one finished child process cost: wall time, CPU time and peak memory from `wait4`.
struct ProcessMeasurement: Codable, Sendable {
    var wallSeconds: Double
    var userCPUSeconds: Double
    var systemCPUSeconds: Double
    /// `ru_maxrss` of the child (Linux reports KiB; stored here in bytes).
    var peakResidentBytes: Int
    var exitStatus: Int32
    /// What the child printed on standard output.
    var standardOutput: String

    var cpuSeconds: Double { userCPUSeconds + systemCPUSeconds }
}
