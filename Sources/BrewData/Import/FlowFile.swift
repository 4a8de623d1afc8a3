import BrewKit
import Foundation

/// `flows/<log-id>.json`: a recorded pour as JSON, written by `import-brews` and read for the
/// brew's page. `{"logId": …, "source": …, "samples": [{"seconds": 0, "grams": 0.1}, …]}`.
public enum FlowFile {
    public static let folderName = "flows"
    /// The latest a sample may come, on the brew clock: twice the longest brew.
    public static let latestSampleSeconds = BrewLogValidator.maximumBrewSeconds * 2

    public static func path(root: String, logId: String) -> String {
        ((root as NSString).appendingPathComponent(folderName) as NSString).appendingPathComponent("\(logId).json")
    }

    public static func json(_ flow: BrewFlow) -> JSONValue {
        var members = [JSONMember("logId", .string(flow.logId))]
        if let source = flow.source { members.append(JSONMember("source", .string(source))) }
        members.append(JSONMember("samples", .array(flow.samples.map { sample in
            .object([JSONMember("seconds", .number(sample.seconds)), JSONMember("grams", .number(sample.grams))])
        })))
        return .object(members)
    }

    /// The file's text: the header members, then one sample per line, so that a pour of a few
    /// hundred samples stays a file a person can read and a diff can show.
    public static func text(_ flow: BrewFlow) -> String {
        var text = "{\"logId\": \(CanonicalJSON.string(.string(flow.logId)).dropLast())"
        if let source = flow.source { text += ", \"source\": \(CanonicalJSON.string(.string(source)).dropLast())" }
        text += ",\n \"samples\": ["
        for (index, sample) in flow.samples.enumerated() {
            text += index == 0 ? "\n  " : ",\n  "
            text += "{\"seconds\": \(CanonicalJSON.number(sample.seconds)), \"grams\": \(CanonicalJSON.number(sample.grams))}"
        }
        text += "\n]}\n"
        return text
    }

    /// A flow from a file's bytes, with every problem located; nil when it cannot be used.
    public static func decode(_ bytes: [UInt8], path: String, diagnostics: inout [Diagnostic]) -> BrewFlow? {
        let root: RawNode
        do {
            root = try JSONParser.parse(bytes, file: path)
        } catch {
            diagnostics.append(.error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column)))
            return nil
        }
        guard case .object = root.value else {
            diagnostics.append(.error("expected a recorded pour: an object with \"logId\" and \"samples\", found \(root.summary)", at: root.location))
            return nil
        }
        var reader = FieldReader(root)
        let logId = reader.string("logId", required: true, what: "the id of the log this pour belongs to")
        let source = reader.string("source")
        var samples: [BrewFlow.Sample] = []
        if let list = reader.node("samples") {
            if case .array(let elements) = list.value {
                if elements.count > BrewFlow.maximumSamples {
                    reader.error("samples: at most \(BrewFlow.maximumSamples) samples, found \(elements.count)", at: "samples")
                }
                var previous = -Double.infinity
                for (index, element) in elements.prefix(BrewFlow.maximumSamples).enumerated() {
                    var sampleReader = FieldReader(element, pathPrefix: "samples[\(index)].")
                    let seconds = sampleReader.double("seconds", required: true, what: "seconds on the brew clock")
                    let grams = sampleReader.double("grams", required: true, what: "grams on the scale")
                    diagnostics += sampleReader.diagnostics
                    guard let seconds, let grams, !sampleReader.failed else { continue }
                    if !(seconds >= 0 && seconds <= latestSampleSeconds) || seconds < previous {
                        diagnostics.append(.error("samples[\(index)].seconds must be from 0 to \(Format.number(latestSampleSeconds)) and not before the sample ahead of it, found \(Format.number(seconds))", at: element.location))
                        continue
                    }
                    if abs(grams) > 100_000 {
                        diagnostics.append(.error("samples[\(index)].grams must be within ±100000 g, found \(Format.number(grams))", at: element.location))
                        continue
                    }
                    previous = seconds
                    samples.append(BrewFlow.Sample(seconds: seconds, grams: grams))
                }
            } else {
                reader.error("samples: expected an array of {\"seconds\", \"grams\"} objects, found \(list.summary)", at: "samples")
            }
        } else {
            reader.error("missing required field \"samples\" (the scale's readings)", at: "samples")
        }
        reader.warnAboutUnknownFields(known: ["logId", "source", "samples"])
        diagnostics += reader.diagnostics
        guard let logId, !reader.failed else { return nil }
        let expected = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if logId != expected {
            diagnostics.append(.error("logId \"\(logId)\" does not match the file's name; a recorded pour is flows/<log-id>.json", at: root.location.naming("logId")))
            return nil
        }
        return BrewFlow(logId: logId, source: source, samples: samples)
    }

    /// Reads `flows/<log-id>.json` for each of `logIds` that has one.
    public static func readAll(root: String, logIds: some Sequence<String>, diagnostics: inout [Diagnostic]) -> [String: BrewFlow] {
        var flows: [String: BrewFlow] = [:]
        for id in logIds {
            let path = path(root: root, logId: id)
            switch DataFileBytes.readIfPresent(path) {
            case nil: continue
            case .success(let bytes)?: if let flow = decode(bytes, path: path, diagnostics: &diagnostics) { flows[id] = flow }
            case .failure(let problem)?: diagnostics.append(problem.diagnostic)
            }
        }
        return flows
    }
}
