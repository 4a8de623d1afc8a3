/// Durations in kitchen text: a step's timer ("simmer 10 minutes" → 600 s) and the display
/// times of a recipe ("1 h 15 min" → PT1H15M for schema.org).
///
/// A duration is a number (whole, decimal, `½`, `1½`, the lower end of a range "10-15", or a
/// word such as "one", "an", "eine") followed by hours (`h`, `hr`, `hrs`, `hour`, `hours`), minutes
/// (`m`, `min`, `mins`, `minute`, `minutes`) or seconds (`s`, `sec`, `secs`, `second`, `seconds`),
/// or their Swedish, German, French, Italian, Spanish and Dutch names ("Sjud i 15 minuter",
/// "1-2 Minuten", "une heure"). Several in a row add up ("1 hour 15 minutes").
public enum KitchenDuration {
    /// The first duration a step's text names, in seconds (the parts of "1 hour 15 minutes"
    /// added); nil when it names none.
    public static func seconds(in text: String) -> Int? {
        let words = tokens(text.lowercased())
        var index = 0
        while index < words.count {
            if let (seconds, next) = duration(words, from: index) {
                var total = seconds
                var position = next
                while true {
                    // "1 hour 15 minutes", "1 hora y 10 minutos", "1 Stunde und 5 Minuten".
                    let skip = position < words.count && connectors.contains(words[position]) ? 1 : 0
                    guard let (more, after) = duration(words, from: position + skip) else { break }
                    total += more
                    position = after
                }
                return total > 0 ? Int(total.rounded()) : nil
            }
            index += 1
        }
        return nil
    }

    /// A display time as ISO 8601 for schema.org: "1 h 15 min" → "PT1H15M"; nil when it cannot be read.
    public static func iso8601(_ text: String) -> String? {
        guard let total = seconds(in: text) else { return nil }
        let hours = total / 3600, minutes = (total % 3600) / 60, seconds = total % 60
        var result = "PT"
        if hours > 0 { result += "\(hours)H" }
        if minutes > 0 { result += "\(minutes)M" }
        if seconds > 0 || result == "PT" { result += "\(seconds)S" }
        return result
    }

    /// `1:05:00` or `10:00`, for a timer.
    public static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// Display text for seconds: "1 h 15 min", "45 min", "30 s".
    public static func text(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest) s") }
        return parts.joined(separator: " ")
    }

    /// Hours, minutes and seconds in English, Swedish, German, French, Italian, Spanish and Dutch.
    static let units: [String: Double] = [
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "timme": 3600, "timmar": 3600, "tim": 3600, "stunde": 3600, "stunden": 3600, "std": 3600,
        "heure": 3600, "heures": 3600, "ora": 3600, "ore": 3600, "hora": 3600, "horas": 3600, "uur": 3600, "uren": 3600, "u": 3600,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "minut": 60, "minuter": 60, "minuten": 60, "minuti": 60, "minuto": 60, "minutos": 60, "mn": 60,
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
        "sekund": 1, "sekunder": 1, "sekunde": 1, "sekunden": 1, "seconde": 1, "secondes": 1, "secondo": 1, "secondi": 1,
        "segundo": 1, "segundos": 1, "seconden": 1,
    ]

    /// Words that join the parts of one duration.
    static let connectors: Set<String> = ["and", "y", "und", "et", "e", "en", "och", "og"]

    /// Words for one (and a few more) before a unit: "at least one hour", "an hour", "eine Stunde".
    static let numberWords: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30,
        "en": 1, "ett": 1, "ein": 1, "eine": 1, "einer": 1, "une": 1, "un": 1, "una": 1, "uno": 1, "een": 1,
    ]

    /// A number and a unit at `index`: the seconds and the index after them.
    static func duration(_ words: [String], from index: Int) -> (Double, Int)? {
        guard index < words.count else { return nil }
        let written = number(words[index])
        guard let value = written ?? numberWords[words[index]] else { return nil }
        var next = index + 1
        // "10-15 minutes", "10 to 15 minutes": the lower end.
        if next + 1 < words.count, words[next] == "-" || words[next] == "–" || words[next] == "to", number(words[next + 1]) != nil { next += 2 }
        if next < words.count, words[next] == "and" || words[next] == "a", next + 1 < words.count, words[next + 1] == "half" {
            // "1 and a half hours" is rare; read as the whole number.
            next += 2
        }
        // A number word takes only a unit's whole name ("an hour", not "a m").
        guard next < words.count, let unit = units[words[next]], written != nil || words[next].count >= 3 else { return nil }
        return (value * unit, next + 1)
    }

    static func number(_ word: String) -> Double? {
        if let value = Double(word), value.isFinite, value >= 0, value < 100_000 { return value }
        guard let first = word.first, first.isNumber || AmountGrammar.vulgarFractions[first] != nil else { return nil }
        if case .quantity(let quantity) = AmountGrammar.parse(word), quantity.unit == .none, quantity.maxAmount == nil {
            return quantity.amount
        }
        return nil
    }

    /// Words, numbers (with fractions: "1½") and dashes as separate tokens: "10-15min" → 10, -, 15, min.
    static func tokens(_ text: String) -> [String] {
        asciiTokens(text) ?? characterTokens(text)
    }

    /// `tokens(_:)` read Character by Character, for any text.
    static func characterTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var currentIsNumber = false
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        for character in text {
            let isNumberPart = character.isNumber || character == "." || AmountGrammar.vulgarFractions[character] != nil
            if character.isLetter || isNumberPart {
                if !current.isEmpty && isNumberPart != currentIsNumber { flush() }
                currentIsNumber = isNumberPart
                current.append(character)
            } else {
                flush()
                if character == "-" || character == "–" { tokens.append(String(character)) }
            }
        }
        flush()
        return tokens.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
    }

    /// `tokens(_:)` of a text all in ASCII, read from its bytes (the letters `A`–`Z` and `a`–`z`, the
    /// number parts `0`–`9` and `.`); nil for any other text.
    static func asciiTokens(_ text: String) -> [String]? {
        var tokens: [String] = []
        var current: [UInt8] = []
        var currentIsNumber = false
        func flush() {
            guard !current.isEmpty else { return }
            // A final dot is no part of the token ("min." is "min").
            let end = current.last == UInt8(ascii: ".") ? current.count - 1 : current.count
            tokens.append(String(decoding: current[..<end], as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            let isNumberPart: Bool
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."): isNumberPart = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): isNumberPart = false
            case 0x80...: return nil
            default:
                flush()
                if byte == UInt8(ascii: "-") { tokens.append("-") }
                continue
            }
            if !current.isEmpty && isNumberPart != currentIsNumber { flush() }
            currentIsNumber = isNumberPart
            current.append(byte)
        }
        flush()
        return tokens
    }
}
