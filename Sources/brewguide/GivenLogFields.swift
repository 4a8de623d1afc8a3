import ArgumentParser
import BrewData
import BrewKit

/// The values of a brew given as typed, by field: one map, `[LogField: String]`, that `log`'s
/// options and the served form's fields are put in, read here into `BrewRecorder.Request`.
enum GivenLogFields {
    /// The request from the values given as typed, each by its field of `LogField.all`: `log`'s
    /// options and the served form's fields both come here, so a settable field is read once, by
    /// its kind (a text, an enumeration's value or an id as given; a number; a time as M:SS or
    /// seconds). `naming` says a field as the person knows it (`--tds` on the command line, the
    /// form's label `TDS (%)` on the phone). `infinityIsANumber`: a number too large to hold
    /// (`1e400`) is taken, for the recorder to say at its bound, as `log` does; the form says it is
    /// not a number.
    ///
    /// Returns the request and the values that are not what their field holds, each a sentence
    /// (`--beverage: expected a number, found "x"`); a brew time that cannot be read is in the
    /// request's `unreadOptions`, said with every other problem of the brew.
    static func reading(recipeId: String, given: [LogField: String], naming: (LogField) -> String,
                        infinityIsANumber: Bool) -> (request: BrewRecorder.Request, errors: [String]) {
        var request = BrewRecorder.Request(recipeId: recipeId, rating: 0)
        var errors: [String] = []
        for field in LogField.settable {
            guard let option = field.option, let text = given[field] else {
                if field.name == "rating" { errors.append("\(naming(field)): how it tasted, 1 to 5 stars, is missing") }
                continue
            }
            switch field.value {
            case .timestamp:
                request.at = text
            case .wholeNumber:
                guard let number = Int(text.trimmingSpaces) else {
                    errors.append("\(naming(field)): expected \(field.what ?? "a whole number"), found \(FoundValue.quoted(text, limit: 40))")
                    continue
                }
                if field.name == "rating" { request.rating = number }
            case .number:
                if option.form?.input == .clock {
                    do { request.measures[field.name] = try Self.seconds(text, option: option.flag) } catch let error as ValidationError {
                        request.unreadOptions.append(error.message)
                    } catch { request.unreadOptions.append("\(error)") }
                    continue
                }
                guard let number = Double(text.trimmingSpaces), number.isFinite || infinityIsANumber else {
                    errors.append("\(naming(field)): expected a number, found \(FoundValue.quoted(text, limit: 40))")
                    continue
                }
                if field.isMeasure { request.measures[field.name] = number } else { request.numbers[field.name] = number }
            case .text, .enumeration, .reference, .texts:
                request.texts[field.name] = text
            }
        }
        return (request, errors)
    }

    /// A time as M:SS (`3:05`) or seconds (`185`), as `--brew-time` takes it.
    static func seconds(_ text: String, option: String) throws -> Double {
        let parts = text.trimmingSpaces.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 1, let seconds = Double(parts[0]), seconds.isFinite { return seconds }
        if parts.count == 2, let minutes = Int(parts[0]), parts[1].count == 2, let seconds = Int(parts[1]), minutes >= 0, (0..<60).contains(seconds) {
            return Double(minutes) * 60 + Double(seconds)
        }
        throw ValidationError("\(option) takes M:SS (3:05) or seconds (185), found \(FoundValue.quoted(text))")
    }
}
