import Foundation

/// The machine's time zone as an IANA name, for a new journal's `preferences.json`.
public enum LocalTimeZone {
    /// `TimeZone.current`, else `/etc/timezone`, else `TZ`, else `UTC`: the first that names a
    /// zone Foundation knows. `GMT` and empty names fall through, since on Linux they are what
    /// Foundation reports when it found nothing.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment,
                              etcTimezone: String = "/etc/timezone") -> String {
        var candidates = [TimeZone.current.identifier]
        if let text = try? String(contentsOfFile: etcTimezone, encoding: .utf8) { candidates.append(text) }
        if let tz = environment["TZ"] { candidates.append(tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) }
        for candidate in candidates {
            let name = candidate.trimmingCharacters(in: .whitespacesAndNewlines)
            if isKnown(name) && name != "GMT" { return name }
        }
        return "UTC"
    }

    /// Whether `name` is an IANA zone name Foundation can use.
    public static func isKnown(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && TimeZone(identifier: name) != nil
    }
}
