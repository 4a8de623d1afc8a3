import BrewKit
import Foundation
internal import TOMLKit

/// The person's settings file, `$XDG_CONFIG_HOME/brewguide/config.toml` (`~/.config/brewguide/`
/// when XDG_CONFIG_HOME is unset): the journal's folder and the defaults of a few options.
///
/// ```toml
/// data = "~/coffee"          # the journal, when there is no --data and no BREWGUIDE_DATA
/// output = "~/coffee-site"   # build, watch and serve's --output
/// port = 8080                # serve's --port
/// key-file = "~/.config/brewguide/serve.key"   # serve's --key-file
/// units = "imperial"         # kitchen scale's --units, when the journal sets none
/// ```
///
/// Paths are absolute or start with `~/`. Anything else — a key it does not know, a value of the
/// wrong kind, TOML that does not parse — is a located error, `config.toml:LINE:COLUMN: error: …`.
struct BrewConfig: Sendable, Equatable {
    /// The file it was read from.
    var path: String
    var data: String?
    var output: String?
    var port: UInt16?
    var keyFile: String?
    var units: String?

    static let knownKeys = ["data", "output", "port", "key-file", "units"]

    /// Where the file is for this environment: XDG_CONFIG_HOME when it is an absolute path (the
    /// XDG rule: a relative one is ignored), else HOME's `.config`; nil with neither.
    static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("brewguide/config.toml")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home as NSString).appendingPathComponent(".config/brewguide/config.toml")
    }

    /// The file at `path`, nil when there is none.
    static func read(path: String, home: String?) throws(CommandError) -> BrewConfig? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw CommandError.file(path, "cannot be read; expected a TOML file of brewguide settings")
        }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw CommandError.file(path, "is not UTF-8 text; expected a TOML file of brewguide settings")
        }
        return try parse(text, path: path, home: home)
    }

    /// The settings `text` (read from `path`) holds.
    static func parse(_ text: String, path: String, home: String?) throws(CommandError) -> BrewConfig {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw CommandError("\(error.description); expected TOML such as data = \"~/coffee\"",
                               at: SourceLocation(file: path, line: error.source.begin.line, column: error.source.begin.column))
        } catch {
            throw CommandError.file(path, "is not TOML: \(error); expected TOML such as data = \"~/coffee\"")
        }
        var config = BrewConfig(path: path)
        func at(_ key: String) -> SourceLocation {
            let (line, column) = valuePosition(of: key, in: text)
            return SourceLocation(file: path, line: line, column: column)
        }
        // Every problem of the file is said in one run, as `check` says a data file's.
        var problems: [CommandError] = []
        func collecting<Value>(_ read: () throws(CommandError) -> Value?) -> Value? {
            do { return try read() } catch { problems.append(error); return nil }
        }
        for key in table.keys where !knownKeys.contains(key) {
            problems.append(CommandError("unknown setting \(FoundValue.quoted(key)); expected one of \(knownKeys.joined(separator: ", "))", at: at(key)))
        }
        func folder(_ key: String) throws(CommandError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string else {
                throw CommandError("\(key) is \(kind(value)); expected a quoted path such as \(key) = \"~/coffee\"", at: at(key))
            }
            if text.hasPrefix("/") { return text }
            if text == "~" || text.hasPrefix("~/"), let home, !home.isEmpty {
                return (home as NSString).appendingPathComponent(String(text.dropFirst(min(2, text.count))))
            }
            throw CommandError("\(key) is \(FoundValue.quoted(text)); expected an absolute path or one starting with ~/", at: at(key))
        }
        config.data = collecting { () throws(CommandError) in try folder("data") }
        config.output = collecting { () throws(CommandError) in try folder("output") }
        config.keyFile = collecting { () throws(CommandError) in try folder("key-file") }
        if let value = table["port"] {
            if let number = value.int, (1...65535).contains(number) {
                config.port = UInt16(number)
            } else {
                let found = value.int.map(String.init) ?? kind(value)
                problems.append(CommandError("port is \(found); expected a whole number from 1 to 65535", at: at("port")))
            }
        }
        if let value = table["units"] {
            if let units = value.string, ["metric", "imperial"].contains(units) {
                config.units = units
            } else {
                problems.append(CommandError("units is \(value.string.map { FoundValue.quoted($0) } ?? kind(value)); expected \"metric\" or \"imperial\"", at: at("units")))
            }
        }
        // In the file's order; the earlier problems print as findings before the last, each at its place.
        problems.sort { ($0.location?.line ?? 0) < ($1.location?.line ?? 0) }
        if var last = problems.popLast() {
            last.findings = problems.map { Diagnostic(.error, $0.reason, at: $0.location ?? .file(path)) }
            throw last
        }
        return config
    }

    /// "a string", "an integer", … as a message says what a value is.
    static func kind(_ value: TOMLValueConvertible) -> String {
        let type = value.tomlValue.type.description
        return (type.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + type
    }

    /// The line and column of `key`'s value in `text` (both from 1), found by the key at the start
    /// of a line; 1:1 when it is not there as a plain `key = value` (TOMLKit keeps no positions).
    static func valuePosition(of key: String, in text: String) -> (line: Int, column: Int) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            for spelled in [key, "\"\(key)\"", "'\(key)'"] where trimmed.hasPrefix(spelled) {
                let rest = trimmed.dropFirst(spelled.count).drop { $0 == " " || $0 == "\t" }
                guard rest.first == "=" else { continue }
                let value = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                return (index + 1, line.distance(from: line.startIndex, to: value.startIndex) + 1)
            }
        }
        return (1, 1)
    }
}

extension BrewConfig {
    /// `text` with its top-level `data = …` line saying `folder` instead (added as the first line
    /// when there is none); every other line, comments too, as it was.
    static func recording(data folder: String, in text: String) -> String {
        let entry = "data = " + basicString(folder)
        var lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") { break }
            if valuePosition(of: "data", in: line).column > 1 {
                lines[index] = entry
                return lines.joined(separator: "\n")
            }
        }
        return ([entry] + lines).joined(separator: "\n") + (lines.isEmpty ? "\n" : "")
    }

    /// `text` as a TOML basic string: quoted, with `"`, `\` and control characters escaped.
    static func basicString(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += String(format: "\\u%04X", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// Writes `data = folder` into the config file at `path` (made, with its folder, when missing),
    /// keeping the rest of the file. The new text is read back before it replaces the old, and is
    /// written beside it and renamed, so a failed write leaves the old file whole.
    static func record(data folder: String, at path: String, home: String?) throws(CommandError) {
        let manager = FileManager.default
        var old = ""
        if manager.fileExists(atPath: path) {
            guard let bytes = manager.contents(atPath: path), let text = String(data: bytes, encoding: .utf8) else {
                throw CommandError.file(path, "cannot be read as UTF-8 text; the journal was not recorded in it")
            }
            old = text
            _ = try parse(old, path: path, home: home)
        }
        let new = recording(data: folder, in: old)
        let check = try parse(new, path: path, home: home)
        guard check.data == folder else {
            throw CommandError.file(path, "would not read back data = \(FoundValue.quoted(folder)); the journal was not recorded in it")
        }
        let temporary = path + ".new.\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(new.utf8).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw CommandError.file(path, "cannot be written: \(error.localizedDescription); the journal was not recorded in it")
        }
    }
}
