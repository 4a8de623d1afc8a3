import BrewKit
import Foundation

/// Reads a brew log (004 `BrewLog`) from a JSON object or a CSV row.
///
/// `BrewLogBytesDecoder` reads the usual JSON file of logs straight from its bytes and steps
/// aside to this decoder at anything that would give a finding; both put each field into the log
/// through its declaration (`LogField`'s key path and `Kept`), so the two cannot differ in what a
/// field becomes.
enum BrewLogDecoder {
    /// The fields a log may have, as its kind declares them (`LogsKind.fields`).
    static let fields = Set(LogsKind.fields)

    /// The log before any field is read: each field a reader takes is put into it. A required
    /// field it does not take leaves the record unread, so these values are never a log's; those
    /// an optional field leaves are the log's when it is absent (no rating, the recorded method).
    static let unread = BrewLog(
        id: "", timestamp: Date(timeIntervalSince1970: 0), method: BrewLog.recordedMethod, recipeId: nil, recipeNameAtBrew: "",
        doseGrams: 0, targetYieldGrams: 0, waterTemperatureCelsius: 0, grindLabel: .medium, rating: nil)

    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<BrewLog>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a brew log object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        var log = unread
        var missing = false
        // Every field as `LogField.all` declares it, in the order records are written.
        for field in LogField.recordOrder {
            let took = field.read(field, &reader, &log)
            if field.isRequired && !took { missing = true }
        }
        reader.warnAboutUnknownFields(known: Self.fields)
        diagnostics += reader.diagnostics
        // A required field not taken has been reported by the reader.
        guard !reader.failed, !missing else { return nil }
        return Located(log, source: reader.sourceMap)
    }
}
