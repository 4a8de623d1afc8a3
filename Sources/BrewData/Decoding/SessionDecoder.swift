import BrewKit
import Foundation

/// Reads Waterline sessions (PRD §11 `Session`, `LogEntry`), their entries and drink presets,
/// from JSON objects or CSV rows. docs/SESSIONS.md describes the format.
enum SessionDecoder {
    static let sessionFields: Set<String> = ["id", "name", "startTime", "endTime", "isActive", "settings", "entries", "updatedAt"]
    /// PRD fields that a file may carry but the journal does not use.
    static let ignoredSessionFields: Set<String> = ["userId", "computedSummary"]
    static let entryFields: Set<String> = ["id", "timestamp", "type", "alcoholMeta", "waterMeta", "source", "updatedAt"]
    static let alcoholFields: Set<String> = ["drinkType", "size", "sizeMl", "sizeUnit", "abv", "standardDrinkEstimate", "presetId"]
    static let waterFields: Set<String> = ["amount", "amountMl", "unit"]
    /// The columns of an entries CSV that hold `waterMeta`, by the `waterMeta` field they stand for.
    static let waterColumns: [String: String] = ["waterAmount": "amount", "waterAmountMl": "amountMl", "waterUnit": "unit"]
    static let presetFields: Set<String> = ["id", "name", "drinkType", "size", "sizeMl", "sizeUnit", "abv", "standardDrinkEstimate"]
    /// The column that marks a CSV in `sessions/` as an entries file.
    static let entriesFileMarker = "sessionId"

    /// A session as read, before entries from an entries CSV are attached.
    struct Draft: Sendable {
        var session: Session
        var source: SourceMap
        /// True when the record gave no `entries` (a sessions CSV row, or JSON without the key).
        var awaitsEntries: Bool
    }

    /// An entry of an entries CSV as read, with its field locations keyed without the `entries[i].`
    /// prefix (its session and so its place in the session are known only when the files are put together).
    struct EntryDraft: Sendable {
        var entry: LogEntry
        var location: SourceLocation
        var fieldLocations: [String: SourceLocation]
    }

    // MARK: Sessions

    static func decodeSession(_ node: RawNode, isCSVRow: Bool, diagnostics: inout [Diagnostic]) -> Draft? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a session object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the session's id, used in its page's file name")
        let start = reader.date("startTime", required: true)
        let end = reader.node("endTime") == nil ? nil : reader.date("endTime")
        let isActive = reader.bool("isActive") ?? false
        let name = reader.node("name") == nil ? nil : reader.string("name", what: "the session's name, such as \"Sam's birthday\"")
        let updatedAt = reader.node("updatedAt") == nil ? nil : reader.date("updatedAt")
        var settings = WaterlineSettings.Overrides()
        var fields: [String: SourceLocation] = [:]
        if isCSVRow {
            settings = WaterlineSettingsDecoder.read(&reader)
        } else if let settingsNode = reader.node("settings") {
            if case .object = settingsNode.value {
                var settingsReader = FieldReader(settingsNode, pathPrefix: "settings.")
                settings = WaterlineSettingsDecoder.read(&settingsReader)
                settingsReader.warnAboutUnknownFields(known: WaterlineSettingsDecoder.fields)
                diagnostics += settingsReader.diagnostics
                fields.merge(settingsReader.fieldLocations) { a, _ in a }
                if settingsReader.failed { reader.markFailed() }
            } else {
                reader.error("settings: expected an object of Waterline settings, found \(settingsNode.summary)", at: "settings")
            }
        }
        var entries: [LogEntry] = []
        var awaitsEntries = true
        if !isCSVRow, let entriesNode = reader.node("entries") {
            awaitsEntries = false
            if case .array(let elements) = entriesNode.value {
                for (index, element) in elements.enumerated() {
                    let path = "entries[\(index)]"
                    // The entry's fields go into `fields` as they are read: an entry that fails
                    // fails the session, whose fields are then not kept.
                    guard let entry = decodeEntry(element, pathPrefix: path + ".", position: index, fields: &fields, diagnostics: &diagnostics) else {
                        reader.markFailed()
                        continue
                    }
                    entries.append(entry)
                    fields[path] = element.location.naming(path)
                }
            } else {
                reader.error("entries: expected an array of entries, found \(entriesNode.summary)", at: "entries")
            }
        }
        let known = isCSVRow ? sessionFields.union(WaterlineSettingsDecoder.fields) : sessionFields
        reader.warnAboutUnknownFields(known: known, ignoring: ignoredSessionFields)
        diagnostics += reader.diagnostics
        guard let id, let start, !reader.failed else { return nil }
        var sessionFieldLocations = reader.fieldLocations
        if isCSVRow {
            for key in WaterlineSettingsDecoder.fields { if let location = sessionFieldLocations.removeValue(forKey: key) { sessionFieldLocations["settings." + key] = location } }
        }
        fields.merge(sessionFieldLocations) { a, _ in a }
        let session = Session(id: id, name: name.flatMap { $0.isEmpty ? nil : $0 }, startTime: start, endTime: end, isActive: isActive, settings: settings, entries: entries, updatedAt: updatedAt)
        return Draft(session: session, source: SourceMap(record: node.location, fields: fields), awaitsEntries: awaitsEntries)
    }

    // MARK: Entries

    /// An entry from a JSON object with nested `alcoholMeta` and `waterMeta`; its fields' places
    /// are put into `fields` under their paths (`entries[2].alcoholMeta.abv`).
    static func decodeEntry(_ node: RawNode, pathPrefix: String, position: Int, fields: inout [String: SourceLocation], diagnostics: inout [Diagnostic]) -> LogEntry? {
        guard case .object = node.value else {
            diagnostics.append(.error("\(pathPrefix.dropLast()): expected an entry object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node, pathPrefix: pathPrefix)
        var head = readEntryHead(&reader, position: position)
        reader.addFieldLocations(to: &fields)
        for (key, known, isAlcohol) in [("alcoholMeta", alcoholFields, true), ("waterMeta", waterFields, false)] {
            guard let metaNode = reader.node(key) else { continue }
            guard case .object = metaNode.value else {
                reader.error("\(pathPrefix)\(key): expected an object, found \(metaNode.summary)", at: key)
                continue
            }
            var metaReader = FieldReader(metaNode, pathPrefix: "\(pathPrefix)\(key).")
            if isAlcohol {
                head.alcoholMeta = readAlcohol(&metaReader)
            } else {
                head.waterMeta = readWater(&metaReader, amount: "amount", amountMl: "amountMl", unit: "unit")
            }
            metaReader.warnAboutUnknownFields(known: known)
            diagnostics += metaReader.diagnostics
            if metaReader.failed { reader.markFailed() }
            metaReader.addFieldLocations(to: &fields)
        }
        addCanonicalLocations(&fields, prefix: pathPrefix)
        reader.warnAboutUnknownFields(known: entryFields)
        diagnostics += reader.diagnostics
        guard let entry = head.entry, !reader.failed else { return nil }
        var built = entry
        built.alcoholMeta = head.alcoholMeta
        built.waterMeta = head.waterMeta
        return built
    }

    /// An entry from a row of an entries CSV: `sessionId` plus the entry's fields, meta flattened.
    static func decodeEntryRow(_ node: RawNode, position: Int, diagnostics: inout [Diagnostic]) -> (sessionID: String, draft: EntryDraft)? {
        var reader = FieldReader(node)
        let sessionID = reader.string(entriesFileMarker, required: true, what: "the id of the session this entry belongs to")
        var head = readEntryHead(&reader, position: position)
        let hasAlcohol = alcoholFields.contains { reader.has($0) }
        let hasWater = waterColumns.keys.contains { reader.has($0) }
        if hasAlcohol { head.alcoholMeta = readAlcohol(&reader) }
        if hasWater { head.waterMeta = readWater(&reader, amount: "waterAmount", amountMl: "waterAmountMl", unit: "waterUnit") }
        reader.warnAboutUnknownFields(known: entryFields.union(alcoholFields).union(waterColumns.keys).union([entriesFileMarker]))
        diagnostics += reader.diagnostics
        guard let sessionID, let entry = head.entry, !reader.failed else { return nil }
        // Locations under the names the JSON form and the validator use.
        var locations: [String: SourceLocation] = [:]
        for (key, location) in reader.fieldLocations {
            if alcoholFields.contains(key) {
                locations["alcoholMeta.\(key)"] = location
                if locations["alcoholMeta"] == nil, reader.has(key) { locations["alcoholMeta"] = location }
            } else if let waterKey = waterColumns[key] {
                locations["waterMeta.\(waterKey)"] = location
                if locations["waterMeta"] == nil, reader.has(key) { locations["waterMeta"] = location }
            } else {
                locations[key] = location
            }
        }
        addCanonicalLocations(&locations)
        var built = entry
        built.alcoholMeta = head.alcoholMeta
        built.waterMeta = head.waterMeta
        return (sessionID, EntryDraft(entry: built, location: node.location, fieldLocations: locations))
    }

    private struct EntryHead {
        var entry: LogEntry?
        var alcoholMeta: AlcoholMeta?
        var waterMeta: WaterMeta?
    }

    private static func readEntryHead(_ reader: inout FieldReader, position: Int) -> EntryHead {
        let id = reader.node("id") == nil ? "entry-\(position + 1)" : (reader.string("id") ?? "")
        let timestamp = reader.date("timestamp", required: true)
        let type = reader.enumeration(LogEntry.Kind.self, "type", required: true)
        let source = reader.enumeration(EntrySource.self, "source")
        let updatedAt = reader.node("updatedAt") == nil ? nil : reader.date("updatedAt")
        guard let timestamp, let type else { return EntryHead() }
        return EntryHead(entry: LogEntry(id: id, timestamp: timestamp, type: type, source: source, updatedAt: updatedAt))
    }

    private static func readAlcohol(_ reader: inout FieldReader) -> AlcoholMeta {
        AlcoholMeta(
            drinkType: reader.enumeration(DrinkType.self, "drinkType"),
            size: readVolume(&reader, amount: "size", amountMl: "sizeMl", unit: "sizeUnit"),
            abvPercent: reader.double("abv", what: "a percentage such as 5 for 5 %"),
            standardDrinkEstimate: reader.double("standardDrinkEstimate", what: "a number of standard drinks"),
            presetId: reader.node("presetId") == nil ? nil : reader.string("presetId"))
    }

    private static func readWater(_ reader: inout FieldReader, amount: String, amountMl: String, unit: String) -> WaterMeta {
        WaterMeta(amount: readVolume(&reader, amount: amount, amountMl: amountMl, unit: unit))
    }

    /// `amountMl`, or `amount` with an optional `unit` (`ml` or `oz`; absent: the units setting).
    private static func readVolume(_ reader: inout FieldReader, amount: String, amountMl: String, unit: String) -> Volume? {
        let millilitres = reader.double(amountMl, what: "millilitres")
        let bare = reader.double(amount, what: "an amount")
        let volumeUnit = reader.enumeration(VolumeUnit.self, unit)
        if millilitres != nil && bare != nil {
            reader.error("give \(amountMl) or \(amount), not both", at: amount)
            return nil
        }
        if let millilitres {
            if volumeUnit != nil { reader.error("\(unit) goes with \(amount); \(amountMl) is already in millilitres", at: unit) }
            return .millilitres(millilitres)
        }
        if let bare { return Volume(bare, volumeUnit) }
        if volumeUnit != nil { reader.error("\(unit) is given without \(amount)", at: unit) }
        return nil
    }

    private static let canonicalFields = [("alcoholMeta.size", "alcoholMeta.sizeMl"), ("waterMeta.amount", "waterMeta.amountMl")]

    /// The validator names sizes `size` and amounts `amount`, whichever field gave them. Under a
    /// `prefix` (a JSON entry's `entries[2].`), the place is named by the whole path.
    private static func addCanonicalLocations(_ locations: inout [String: SourceLocation], prefix: String = "") {
        for (canonical, given) in canonicalFields {
            if locations[prefix + canonical] == nil, let location = locations[prefix + given] {
                locations[prefix + canonical] = prefix.isEmpty ? location : location.naming(prefix + canonical)
            }
        }
    }

    // MARK: Presets

    static func decodePreset(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<DrinkPreset>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a drink preset object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the preset's id, which entries name as presetId")
        let name = reader.string("name", required: true, what: "the preset's name, such as \"12 oz beer\"")
        let drinkType = reader.enumeration(DrinkType.self, "drinkType", required: true)
        let size = readVolume(&reader, amount: "size", amountMl: "sizeMl", unit: "sizeUnit")
        let abv = reader.double("abv", what: "a percentage such as 5 for 5 %")
        let estimate = reader.double("standardDrinkEstimate", what: "a number of standard drinks")
        reader.warnAboutUnknownFields(known: presetFields, ignoring: ["userId"])
        diagnostics += reader.diagnostics
        guard let id, let name, let drinkType, !reader.failed else { return nil }
        var fields = reader.fieldLocations
        if fields["size"] == nil, let location = fields["sizeMl"] { fields["size"] = location }
        let preset = DrinkPreset(id: id, name: name, drinkType: drinkType, size: size, abvPercent: abv, standardDrinkEstimate: estimate)
        return Located(preset, source: SourceMap(record: node.location, fields: fields))
    }
}
