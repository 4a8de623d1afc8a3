import Foundation

/// Starts a program with `posix_spawnp`, its standard output and error sent to files, and
/// waits for it with `wait4` to read its resource usage.
final class ChildProcess {
    let arguments: [String]
    let standardOutputPath: String
    let standardErrorPath: String

    private(set) var processID: pid_t = 0
    private var started: UInt64 = 0
    /// Set once the process has been waited for.
    private(set) var ended: ProcessMeasurement?

    init(_ arguments: [String], standardOutputPath: String, standardErrorPath: String) {
        self.arguments = arguments
        self.standardOutputPath = standardOutputPath
        self.standardErrorPath = standardErrorPath
    }

    /// Runs the program to its end and measures it.
    static func measure(_ arguments: [String], logPrefix: String) throws -> ProcessMeasurement {
        let child = ChildProcess(arguments, standardOutputPath: logPrefix + ".out", standardErrorPath: logPrefix + ".err")
        try child.start()
        return try child.wait()
    }

    func start() throws {
        guard let program = arguments.first else { throw BenchError("no program to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardErrorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        started = MonotonicClock.nowNanoseconds()
        let result = posix_spawnp(&processID, program, &actions, nil, &argv, &envp)
        guard result == 0 else { throw BenchError("cannot start \(program): \(String(cString: strerror(result)))") }
    }

    /// Waits for the end of the program and measures it.
    func wait() throws -> ProcessMeasurement {
        if let ended { return ended }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(processID, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 failed: errno \(errno)") }
        }
        return finish(status: status, usage: usage)
    }

    /// Whether the program has ended; if so, its measurement.
    func poll() -> ProcessMeasurement? {
        if let ended { return ended }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(processID, &status, WNOHANG, &usage) == processID else { return nil }
        return finish(status: status, usage: usage)
    }

    /// Sends `signal`, waits up to `graceSeconds` for the end, then kills the program.
    func stop(signal: Int32 = SIGINT, graceSeconds: Double = 10) -> ProcessMeasurement? {
        if let ended { return ended }
        kill(processID, signal)
        let clock = MonotonicClock()
        while clock.elapsedSeconds < graceSeconds {
            if let ended = poll() { return ended }
            usleep(5_000)
        }
        kill(processID, SIGKILL)
        return try? wait()
    }

    private func finish(status: Int32, usage: rusage) -> ProcessMeasurement {
        let wall = Double(MonotonicClock.nowNanoseconds() - started) / 1e9
        let exited = status & 0x7f == 0
        let output = (try? String(contentsOfFile: standardOutputPath, encoding: .utf8)) ?? ""
        let measurement = ProcessMeasurement(
            wallSeconds: wall,
            userCPUSeconds: Self.seconds(usage.ru_utime),
            systemCPUSeconds: Self.seconds(usage.ru_stime),
            peakResidentBytes: Int(usage.ru_maxrss) * 1024,
            exitStatus: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            standardOutput: output)
        ended = measurement
        return measurement
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}
