import Foundation

/// An `application/x-www-form-urlencoded` body read into fields: each name once, names and values
/// percent-decoded (`+` is a space) and valid UTF-8, with no control character (NUL, ESC, a
/// line break…) but a note's tabs and line breaks: no record's text holds one (docs/DATA-FORMAT.md),
/// and a refusal's message that quoted one would be cut in two or steer a terminal.
/// The bidirectional controls (U+202A–U+202E, U+2066–U+2069), which reorder what a terminal or a
/// page shows around them (a right-to-left override makes `gpj.exe` read `exe.jpg`), are left out
/// of every value, as `kitchen import` leaves them out of a title (`AppImportText`; BrewServe
/// links nothing of ours, so the two ranges are named here too): what is stored and printed is
/// the text without them.
enum FormFields {
    /// The fields whose text may run over several lines (with tabs and line breaks).
    static let multilineFields: Set<String> = ["note"]

    /// The fields, or the reasons the body cannot be read (in the order found).
    static func parse(_ body: Data, knownFields: Set<String>) -> Result<[String: String], WriteRefusal> {
        var fields: [String: String] = [:]
        var errors: [String] = []
        guard let text = String(data: body, encoding: .utf8) else {
            return .failure(WriteRefusal(status: .unprocessableContent, errors: ["the form is not UTF-8 text: send its fields percent-encoded"]))
        }
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else {
                errors.append("a field is not percent-encoded UTF-8")
                continue
            }
            guard knownFields.contains(name) else {
                errors.append("unknown field \"\(shown(name))\" (known: \(knownFields.sorted().joined(separator: ", ")))")
                continue
            }
            if let control = value.unicodeScalars.first(where: { Self.isRefusedControl($0, in: name) }) {
                errors.append("field \"\(name)\" holds a control character (U+\(String(format: "%04X", control.value)))\(Self.multilineFields.contains(name) ? "" : ", or a line break or tab where only one line is taken")")
                continue
            }
            guard fields[name] == nil else {
                errors.append("field \"\(name)\" is given more than once")
                continue
            }
            fields[name] = Self.withoutBidirectionalControls(value)
        }
        return errors.isEmpty ? .success(fields) : .failure(WriteRefusal(status: .unprocessableContent, errors: errors))
    }

    private static func isRefusedControl(_ scalar: Unicode.Scalar, in name: String) -> Bool {
        guard scalar.properties.generalCategory == .control else { return false }
        return !(multilineFields.contains(name) && (scalar == "\t" || scalar == "\n" || scalar == "\r"))
    }

    static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    static func withoutBidirectionalControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBidirectionalControl) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isBidirectionalControl(scalar) { kept.append(scalar) }
        return String(kept)
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// A name from the request as a message may show it: at most 40 characters, controls escaped.
    private static func shown(_ name: String) -> String {
        let escaped = name.unicodeScalars.map { $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return escaped.count > 40 ? String(escaped.prefix(40)) + "…" : escaped
    }
}

/// A write refused before it reached the command: the status and the messages for `errors`.
struct WriteRefusal: Error, Equatable {
    let status: HTTPStatus
    let errors: [String]
}
