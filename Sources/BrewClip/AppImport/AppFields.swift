import BrewData
import BrewKit
import Foundation

/// Small readers the app formats share: JSON values as text and numbers, times, dates, photos.
enum AppFields {
    /// A JSON object, or nil when the bytes are not one.
    static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) as? [String: Any]
    }

    /// Where bytes stop being UTF-8, in words ("byte 1,204 (0xE9) is not UTF-8 …"); nil when they are UTF-8.
    /// One pass over the bytes.
    static func utf8Problem(_ bytes: [UInt8]) -> String? {
        // Most files are UTF-8: the standard library's check settles them quickly.
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error(let length):
                let shown = bytes[offset..<min(bytes.count, offset + max(1, length))].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                return "is not UTF-8 text: the byte at offset \(offset) (\(shown)) is not valid UTF-8; an app's recipe JSON is UTF-8 (was the file saved in another encoding, such as Latin-1?)"
            }
        }
    }

    /// Text out of a JSON value: a string (trimmed), a number, or an object's `name`; nil when empty.
    static func text(_ value: Any?) -> String? {
        switch value {
        case let text as String: return text.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        case let number as NSNumber: return quantity(number.doubleValue)
        case let object as [String: Any]: return text(object["name"])
        default: return nil
        }
    }

    /// The first of several keys that holds text (apps renamed fields between versions).
    static func text(_ object: [String: Any], _ keys: String...) -> String? {
        keys.lazy.compactMap { text(object[$0]) }.first
    }

    static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: return number.doubleValue
        case let text as String: return KitchenPageReader.leadingNumber(text)
        default: return nil
        }
    }

    static func list(_ value: Any?) -> [Any] { value as? [Any] ?? [] }

    /// A quantity as a cook writes it: 2, 1.5, 0.25 (no trailing zeros, at most three decimals).
    static func quantity(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A time as the app wrote it, kept as display text: ISO 8601 (`PT1H15M`) becomes "1 h 15 min";
    /// other text ("1 Day", "10-15 Minutes") is kept as written, never dropped.
    static func displayTime(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty else { return nil }
        if text.uppercased().hasPrefix("P") { return KitchenPageReader.displayDuration(text) }
        if text == "0" { return nil }
        return text
    }

    /// Minutes as display text ("90" → "1 h 30 min"); nil for 0 or less.
    static func minutes(_ value: Any?) -> String? {
        guard let minutes = number(value), minutes > 0 else { return nil }
        return KitchenDuration.text(Int((minutes * 60).rounded()))
    }

    /// A date as apps write it: ISO 8601 with or without a zone or fraction, `2014-07-03 08:05:58`,
    /// `2021-10-28`, or Unix seconds.
    static func date(_ value: Any?) -> Date? {
        if let seconds = value as? NSNumber, seconds.doubleValue > 0 { return Date(timeIntervalSince1970: seconds.doubleValue) }
        guard let text = text(value) else { return nil }
        if let seconds = Double(text) { return seconds > 0 ? Date(timeIntervalSince1970: seconds) : nil }
        let formats = ["yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXXXX",
                       "yyyy-MM-dd'T'HH:mm:ss.SSSSSS", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss.SSSSSS", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// Text split into paragraphs at blank lines, each trimmed.
    static func paragraphs(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// Text split into lines, each trimmed, empty ones left out.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r", with: "\n").components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Nutrition per serving from values that may be numbers or text ("240 kcal", "12 g"), each
    /// as given; a value that is empty or no number ("", null) is unknown, never 0. Nil when none
    /// of the four is a number.
    static func nutrition(calories: Any?, protein: Any?, carbs: Any?, fats: Any?) -> ServingNutrition? {
        ServingNutrition(calories: number(calories), protein: number(protein), carbs: number(carbs), fats: number(fats))
    }

    /// A short stable name for bytes that carry no id of their own: `sha256-` and 16 hex digits.
    static func contentID(_ bytes: [UInt8]) -> String {
        "sha256-" + String(Archive.sha256(bytes).prefix(16))
    }

    /// A web address, or nil.
    static func webURL(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), KitchenValidator.isWebURL(text) else { return nil }
        return text
    }

    /// Description and notes together as the recipe's caption.
    static func caption(_ parts: [String?]) -> String? {
        parts.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty }.joined(separator: "\n\n").nilIfEmpty
    }
}
