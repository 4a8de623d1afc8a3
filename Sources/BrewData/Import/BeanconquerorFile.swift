import BrewKit
import Foundation

/// Reads what Beanconqueror writes: a brew as the app shares it (one object with `bean`, `brew`,
/// `mill`, `preparation`, `water` and `brewFlow`), or the app's full backup (`Beanconqueror.json`:
/// `BREWS`, each naming its `bean`, `mill` and `method_of_preparation` by the `config.uuid` of an
/// entry of `BEANS`, `MILL` and `PREPARATION`; `SETTINGS` with the rating scale `brew_rating`),
/// or the `.zip` around the backup. Pure: bytes in, brews and findings out. See docs/IMPORT.md.
public enum BeanconquerorFile {
    public struct Contents: Sendable {
        public var brews: [BeanconquerorBrew] = []
        /// The top of the rating scale the backup's settings give (`brew_rating`), if any.
        public var ratingScale: Double?
        /// Whether this was a full backup (its brews carry no weight samples).
        public var isBackup = false
    }

    public struct Failure: Error, Sendable {
        public var diagnostic: Diagnostic
    }

    public static func read(_ bytes: [UInt8], path: String) throws(Failure) -> Contents {
        if BeanconquerorBackupZip.isZip(bytes) {
            return try read(BeanconquerorBackupZip.json(in: Data(bytes), path: path), path: path + "/" + BeanconquerorBackupZip.entryName)
        }
        let root: RawNode
        do {
            root = try JSONParser.parse(bytes, file: path)
        } catch {
            throw Failure(diagnostic: .error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column)))
        }
        guard case .object = root.value else {
            throw Failure(diagnostic: .error("expected a Beanconqueror brew (an object with \"brew\") or backup (an object with \"BREWS\"), found \(root.summary)", at: root.location))
        }
        if let brew = root["brew"] {
            var contents = Contents()
            contents.brews = [sharedBrew(brew, in: root)]
            return contents
        }
        if let brews = root["BREWS"] {
            return try backup(root, brews: brews)
        }
        throw Failure(diagnostic: .error("expected a Beanconqueror brew (an object with \"brew\") or backup (an object with \"BREWS\"); found neither", at: root.location))
    }

    // MARK: A shared brew

    static func sharedBrew(_ brew: RawNode, in root: RawNode) -> BeanconquerorBrew {
        var result = common(brew)
        result.beanName = root["bean"]?["name"]?.text
        result.roaster = root["bean"]?["roaster"]?.text
        if let bean = root["bean"] { readBean(bean, into: &result) }
        result.millName = root["mill"]?["name"]?.text
        result.preparationName = root["preparation"]?["name"]?.text
        result.preparationType = root["preparation"]?["type"]?.text
        result.styleType = root["preparation"]?["style_type"]?.text
        if let weights = root["brewFlow"]?["weight"] {
            (result.weightSamples, result.flowProblem) = samples(weights)
        }
        return result
    }

    // MARK: A backup

    static func backup(_ root: RawNode, brews: RawNode) throws(Failure) -> Contents {
        guard case .array(let list) = brews.value else {
            throw Failure(diagnostic: .error("BREWS: expected an array of brews, found \(brews.summary)", at: brews.location))
        }
        func byUUID(_ key: String) -> [String: RawNode] {
            guard case .array(let entries)? = root[key]?.value else { return [:] }
            var table: [String: RawNode] = [:]
            for entry in entries { if let uuid = entry["config"]?["uuid"]?.text { table[uuid] = entry } }
            return table
        }
        let beans = byUUID("BEANS"), mills = byUUID("MILL"), preparations = byUUID("PREPARATION")
        var contents = Contents()
        contents.isBackup = true
        var settings = root["SETTINGS"]
        if case .array(let entries)? = settings?.value { settings = entries.first }
        if let scale = settings?["brew_rating"]?.number, scale > 0 { contents.ratingScale = scale }
        for node in list {
            var brew = common(node)
            if let uuid = node["bean"]?.text, let bean = beans[uuid] {
                brew.beanName = bean["name"]?.text
                brew.roaster = bean["roaster"]?.text
                readBean(bean, into: &brew)
            }
            if let uuid = node["mill"]?.text, let mill = mills[uuid] { brew.millName = mill["name"]?.text }
            if let uuid = node["method_of_preparation"]?.text, let preparation = preparations[uuid] {
                brew.preparationName = preparation["name"]?.text
                brew.preparationType = preparation["type"]?.text
                brew.styleType = preparation["style_type"]?.text
            }
            contents.brews.append(brew)
        }
        return contents
    }

    /// The bag's facts the journal keeps (`BeanconquerorMapping.bag(of:)`).
    static func readBean(_ bean: RawNode, into brew: inout BeanconquerorBrew) {
        brew.beanUUID = bean["config"]?["uuid"]?.text
        brew.beanRoastingDate = bean["roastingDate"]?.text
        brew.beanBuyDate = bean["buyDate"]?.text
        brew.beanWeight = bean["weight"]?.number
        brew.beanCost = bean["cost"]?.number
    }

    // MARK: Fields

    /// The fields a brew object has in both forms.
    static func common(_ brew: RawNode) -> BeanconquerorBrew {
        var result = BeanconquerorBrew(uuid: brew["config"]?["uuid"]?.text ?? "", location: brew.location)
        result.unixTimestamp = brew["config"]?["unix_timestamp"]?.number.map { $0 >= BeanconquerorMapping.millisecondsFrom ? $0 / 1000 : $0 }
        result.grindSize = brew["grind_size"]?.text
        result.grindWeight = brew["grind_weight"]?.number
        result.brewQuantity = brew["brew_quantity"]?.number
        result.brewQuantityType = brew["brew_quantity_type"]?.text
        result.beverageQuantity = brew["brew_beverage_quantity"]?.number
        result.beverageQuantityType = brew["brew_beverage_quantity_type"]?.text
        result.temperature = brew["brew_temperature"]?.number
        result.brewSeconds = seconds(brew["brew_time"]?.number, milliseconds: brew["brew_time_milliseconds"]?.number)
        result.bloomSeconds = seconds(brew["coffee_blooming_time"]?.number, milliseconds: brew["coffee_blooming_time_milliseconds"]?.number)
        result.tds = brew["tds"]?.number
        result.extractionYield = brew["ey"]?.number
        result.rating = brew["rating"]?.number
        result.note = brew["note"]?.text
        return result
    }

    /// Whole seconds and the app's separate milliseconds, when the seconds are given.
    static func seconds(_ whole: Double?, milliseconds: Double?) -> Double? {
        guard let whole else { return nil }
        guard let milliseconds, milliseconds > 0, milliseconds < 1000 else { return whole }
        return whole + milliseconds / 1000
    }

    /// The scale's readings (`actual_weight`) with their wall-clock `timestamp` (`HH:MM:SS.mmm`)
    /// made into seconds since the first sample. The app's `brew_time` beside them is not a
    /// decimal number (`34.10` follows `34.9`), so the clock is taken from the timestamps; a
    /// brew across midnight keeps counting up. A sample is left out, and counted, when it has no
    /// readable time or weight, when its time goes back (a clock more than 12 hours ahead of the
    /// sample before it went back over midnight), or when it comes more than
    /// `FlowFile.latestSampleSeconds` after the first: the rules `check` reads a pour by.
    static func samples(_ node: RawNode) -> ([BrewFlow.Sample], String?) {
        guard case .array(let entries) = node.value else { return ([], "brewFlow.weight is not an array") }
        var result: [BrewFlow.Sample] = []
        var first: Double?
        var previous = -Double.infinity
        var dayOffset = 0.0
        var unreadable = 0, backwards = 0, late = 0
        for entry in entries.prefix(BrewFlow.maximumSamples) {
            guard let stamp = entry["timestamp"]?.text, let clock = wallClockSeconds(stamp),
                  let grams = entry["actual_weight"]?.number, grams.isFinite, abs(grams) < 100_000 else {
                unreadable += 1
                continue
            }
            var time = clock + dayOffset
            if time < previous - 43_200 { dayOffset += 86_400; time += 86_400 }
            // Half a day ahead of the sample before is a step back over midnight (00:00:01, then 23:59:59).
            if previous.isFinite, time > previous + 43_200 { time -= 86_400 }
            if first == nil { first = time }
            guard time >= previous else { backwards += 1; continue }
            let seconds = ((time - first!) * 1000).rounded() / 1000
            guard seconds <= FlowFile.latestSampleSeconds else { late += 1; continue }
            previous = time
            result.append(BrewFlow.Sample(seconds: seconds, grams: grams))
        }
        var problems: [String] = []
        if entries.count > BrewFlow.maximumSamples { problems.append("only the first \(BrewFlow.maximumSamples) of \(entries.count) weight samples are kept") }
        if unreadable > 0 { problems.append("\(unreadable) of \(entries.count) weight samples had no readable time or weight and were left out") }
        if backwards > 0 { problems.append("\(backwards) of \(entries.count) weight samples went back in time and were left out") }
        if late > 0 { problems.append("\(late) of \(entries.count) weight samples came more than \(Format.number(FlowFile.latestSampleSeconds)) s after the first and were left out") }
        return (result, problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// `17:18:21.961` → seconds since midnight.
    static func wallClockSeconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]), let seconds = Double(parts[2]),
              (0..<24).contains(hours), (0..<60).contains(minutes), seconds >= 0, seconds < 61 else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }
}

extension RawNode {
    /// The member named `key` of an object.
    subscript(key: String) -> RawNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.node
    }

    /// A number, or a text that is one (the app writes `"75"` as often as `75`).
    var number: Double? {
        switch value {
        case .number(let number): return number.isFinite ? number : nil
        case .string(let text), .text(let text):
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else { return nil }
            return number
        default: return nil
        }
    }

    /// A text, or a number written as text (`grind_size` may be `11`); nil when empty.
    var text: String? {
        switch value {
        case .string(let text), .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case .number(let number): return Format.number(number, decimals: 6)
        default: return nil
        }
    }
}
