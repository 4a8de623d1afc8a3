import Foundation

/// A system tool (openssl, certutil) run for a test: what it printed, standard output and
/// standard error together, with `input` on its standard input, and its exit status.
/// One definition for every test target that drives such a tool.
public enum ToolRun {
    public static func run(_ executable: String, _ arguments: [String], input: String = "") throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try? standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// The tool's standard output alone (a script's JSON answer: `node -e SCRIPT`), its standard
    /// error left on the test's own, and its exit status.
    public static func standardOutput(_ executable: String, _ arguments: [String]) throws -> (output: Data, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (data, process.terminationStatus)
    }
}
