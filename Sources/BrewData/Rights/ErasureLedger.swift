import BrewKit
import Foundation

/// `<data>/erasures.json`: the erasure records of a data directory. The site reader does
/// not read it; erase writes it, merge and import consult it.
public enum ErasureLedger {
    public static let fileName = "erasures.json"
    public static let schemaVersion = 1

    /// What the ledger is, for a message about a file at its path that is not one.
    public static let expected = "the erasure ledger (a JSON file with an \"erasures\" array, as erase writes it)"

    public static func path(root: String) -> String { (root as NSString).appendingPathComponent(fileName) }

    /// The records of a data directory; none when it has no ledger. A ledger that exists but
    /// cannot be read (a folder, a pipe, no permission, too large) throws: running on without it
    /// would bring erased records back (`merge`) or erase twice.
    public static func load(root: String, source: any DataFileSource = DiskDataFiles()) throws(CommandError) -> [ErasureRecord] {
        guard let data = try bytes(root: root, source: source) else { return [] }
        let path = path(root: root)
        let value: JSONValue
        do {
            value = JSONValue(try JSONParser.parse(data, file: path))
        } catch {
            throw CommandError(error.message, at: error.location(in: path))
        }
        do {
            return try records(from: value, context: "")
        } catch {
            throw error.located(at: .file(path))
        }
    }

    /// The ledger's bytes, nil when there is none (no file, nor a link, at its path).
    public static func bytes(root: String, source: any DataFileSource = DiskDataFiles()) throws(CommandError) -> [UInt8]? {
        let path = path(root: root)
        switch source.bytesIfPresent(path, expected: expected) {
        case nil: return nil
        case .success(let bytes)?: return bytes
        case .failure(let problem)?:
            throw CommandError("\(problem.diagnostic.message); the erasure records must be readable, or erased records could come back. Fix the file (or restore it), then run the command again", at: .file(path))
        }
    }

    /// What `check` says about an erasure ledger: located errors for a file that `erase`, `merge`
    /// and `import` could not read (they would refuse to run).
    public static func diagnostics(of bytes: [UInt8], path: String) -> [Diagnostic] {
        let root: RawNode
        do {
            root = try JSONParser.parse(bytes, file: path)
        } catch {
            return [.error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column))]
        }
        guard case .object(let members) = root.value, let list = members.first(where: { $0.key == "erasures" })?.node else {
            return [.error("expected an object with an \"erasures\" array (the erasure record that erase writes), found \(root.summary)", at: root.location)]
        }
        guard case .array(let elements) = list.value else {
            return [.error("erasures must be an array, found \(list.summary)", at: list.location)]
        }
        var diagnostics: [Diagnostic] = []
        for (index, element) in elements.enumerated() {
            do {
                _ = try ErasureRecord(json: JSONValue(element), context: "erasures[\(index)]")
            } catch {
                diagnostics.append(.error(error.message, at: element.location))
            }
        }
        return diagnostics
    }

    public static func records(from value: JSONValue, context: String) throws(CommandError) -> [ErasureRecord] {
        guard case .array(let elements)? = value["erasures"] else { throw CommandError("\(context.isEmpty ? "" : "\(context): ")expected an object with an \"erasures\" array") }
        var result: [ErasureRecord] = []
        for (index, element) in elements.enumerated() {
            result.append(try ErasureRecord(json: element, context: "\(context.isEmpty ? "" : "\(context): ")erasures[\(index)]"))
        }
        return ErasureRecord.normalized(result)
    }

    public static func json(_ records: [ErasureRecord]) -> JSONValue {
        .object([
            JSONMember("schemaVersion", .number(Double(schemaVersion))),
            JSONMember("erasures", .array(ErasureRecord.normalized(records).map(\.json))),
        ])
    }

    public static func write(_ records: [ErasureRecord], root: String) throws(CommandError) {
        do {
            try AtomicFile.write(CanonicalJSON.bytes(json(records)), to: path(root: root))
        } catch {
            throw error.commandError()
        }
    }
}
