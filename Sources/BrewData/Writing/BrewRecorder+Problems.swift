import BrewKit

extension BrewRecorder {
    /// Everything wrong with one brew to record, collected so that a run says all of it at once:
    /// a problem with the recipe, `--at` or the file does not hide a bad value given beside it.
    ///
    /// Printed as `check` prints its findings: each value the person gave at its option
    /// (`--rating: error: …`), then one `error:` line a problem, then that nothing was written. A run with
    /// only one kind of problem prints exactly what it did before they were collected.
    struct Problems {
        /// Problems that are not a value of the new record (the recipe, `--at`, the zone, the file), in order.
        private var refusals: [Refusal] = []
        /// The new record's values that `check` refuses, at their place.
        private var valueErrors: [Diagnostic] = []

        var isEmpty: Bool { refusals.isEmpty && valueErrors.isEmpty }

        mutating func add(_ reason: String, findings: [Diagnostic] = []) {
            refusals.append(Refusal(reason, findings: findings))
        }

        mutating func add(_ refusal: Refusal) {
            refusals.append(refusal)
        }

        mutating func addValues(_ diagnostics: [Diagnostic]) {
            valueErrors += diagnostics
        }

        /// The one error the run stops with.
        func refusal() -> Refusal {
            let notRecorded = "the brew was not recorded; nothing was written"
            if refusals.isEmpty { return Refusal(notRecorded, findings: valueErrors) }
            if refusals.count == 1 && valueErrors.isEmpty { return refusals[0] }
            // The first line is given its `error:` when printed; a problem in a file names it.
            let ordered = refusals.filter { $0.location == nil } + refusals.filter { $0.location != nil }
            var lines: [String] = []
            for (index, refusal) in ordered.enumerated() {
                let head = refusal.location.map { "\($0): error: " } ?? "error: "
                lines.append((index == 0 ? "" : head) + refusal.reason)
            }
            lines.append("error: " + notRecorded)
            return Refusal(lines.joined(separator: "\n"), findings: ordered.flatMap(\.findings) + valueErrors)
        }
    }
}

extension BrewRecorder.Request {
    /// The log's fields the person gave a value for (the rest come from the recipe).
    var givenFields: Set<String> {
        var fields: Set<String> = ["rating"]
        if at != nil { fields.insert("timestamp") }
        fields.formUnion(texts.keys)
        fields.formUnion(numbers.keys)
        fields.formUnion(measures.keys)
        return fields
    }
}
