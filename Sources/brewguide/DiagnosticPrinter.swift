import BrewKit
import Foundation

/// Prints findings as compilers do (`path:line:column: error: message`) or as JSON.
enum DiagnosticPrinter {
    enum Format: String, CaseIterable {
        case text
        case json
    }

    /// One line a finding; the lines of 23,000 warnings (100,000 logs) are made on all cores.
    static func text(_ diagnostics: [Diagnostic]) -> String {
        let chunkSize = 2_048
        return concurrentMap(Array(stride(from: 0, to: diagnostics.count, by: chunkSize))) { start in
            diagnostics[start..<min(start + chunkSize, diagnostics.count)].map { "\($0)\n" }.joined()
        }.joined()
    }

    /// A JSON array of objects with `file`, `line`, `column`, `field`, `severity`, `message`;
    /// `line` is null for a finding about a whole file.
    static func json(_ diagnostics: [Diagnostic]) -> String {
        struct Entry: Encodable {
            var file: String
            var line: Int?
            var column: Int?
            var field: String?
            var severity: String
            var message: String

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(file, forKey: .file)
                try container.encode(line, forKey: .line)
                try container.encode(column, forKey: .column)
                try container.encode(field, forKey: .field)
                try container.encode(severity, forKey: .severity)
                try container.encode(message, forKey: .message)
            }

            enum CodingKeys: String, CodingKey { case file, line, column, field, severity, message }
        }
        let entries = diagnostics.map {
            Entry(file: $0.location.file, line: $0.location.isWholeFile ? nil : $0.location.line, column: $0.location.column, field: $0.location.field, severity: $0.severity.rawValue, message: $0.message)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(entries)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func summary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.errorCount
        let warnings = diagnostics.warningCount
        return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }
}

/// Standard error, for findings and progress that are not the command's output.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// A command's error in its one printed form, for a command that reports it and goes on
    /// (one of several files); an error that ends the command is thrown instead (`BrewGuide.main`).
    static func report(_ error: CommandError) {
        write(error.description + "\n")
    }
}
