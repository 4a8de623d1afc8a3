import Foundation
import TestSupport

/// The `openssl` command (Debian's openssl package), run for a test: to read certificates and
/// to connect with `s_client` as a client that checks them.
enum OpenSSLTool {
    static let executable = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// What `openssl arguments` printed (standard output and standard error together), with
    /// `input` on its standard input, and its exit status.
    static func run(_ arguments: [String], input: String = "") throws -> (output: String, status: Int32) {
        guard let executable else { throw Failure(description: "openssl is not installed") }
        return try ToolRun.run(executable, arguments, input: input)
    }
}
