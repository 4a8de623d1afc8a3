import BrewKit

/// Reads one `.json` or `.csv` file of a folder kind (`RecordKind.folderKinds`) into records and findings. Pure: bytes in, values out.
public enum RecordFileParser {
    /// The columns that mark a CSV in `recipes/` as a steps file rather than a recipes file.
    static let stepsFileMarker = "recipeId"

    /// - Parameter recordsRead: told every 1,024 logs how many are read (an import's progress line).
    public static func parse(_ bytes: [UInt8], path: String, kind: RecordKind, recordsRead: ((Int) -> Void)? = nil) -> ParsedFile {
        parse(bytes, path: path, kind: kind, logsFromBytes: true, recordsRead: recordsRead)
    }

    /// - Parameter logsFromBytes: whether a JSON file of logs is first offered to
    ///   `BrewLogBytesDecoder`; false reads it through the tree alone (the tests' oracle).
    static func parse(_ bytes: [UInt8], path: String, kind: RecordKind, logsFromBytes: Bool,
                      recordsRead: ((Int) -> Void)? = nil) -> ParsedFile {
        var file = ParsedFile(path: path, kind: kind)
        // A kind that reads its file whole (a recorded pour; the usual file of logs, straight from
        // its bytes) does so here; the tree below reads any other (and says what is wrong with it).
        if let decoding = kind.declaration as? any RecordFolderDecoding.Type,
           decoding.decodeWhole(bytes, path: path, into: &file, fromBytes: logsFromBytes, recordsRead: recordsRead) {
            return file
        }
        // UTF-8 or an error at the first bad byte (`JSONParser` checks JSON itself).
        if path.lowercased().hasSuffix(".csv"), let problem = TextEncodingCheck.problem(in: bytes, file: path) {
            file.diagnostics.append(problem)
            return file
        }
        let nodes: [RawNode]
        var csvHeader: [String]?
        if path.lowercased().hasSuffix(".csv") {
            guard let table = CSVRecordReader.read(bytes, file: path, diagnostics: &file.diagnostics) else { return file }
            nodes = table.rows
            csvHeader = table.header
        } else {
            do {
                let root = try JSONParser.parse(bytes, file: path)
                switch root.value {
                case .array(let elements):
                    if elements.count > CSVRecordReader.maximumRows {
                        file.diagnostics.append(.error(
                            "this file has \(elements.count) records, more than the \(CSVRecordReader.maximumRows) one file may hold; split it into several files (none of its records are read)",
                            at: elements[CSVRecordReader.maximumRows].location))
                        return file
                    }
                    nodes = elements
                case .object: nodes = [root]
                default:
                    file.diagnostics.append(.error("expected an object or an array of objects, found \(root.summary)", at: root.location))
                    return file
                }
            } catch {
                file.diagnostics.append(.error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column)))
                return file
            }
        }

        // The kind's declaration decodes the records (`RecordFolderDecoding`); a kind that lives in
        // another's folder, or in a file of its own, is not read as a folder.
        guard let decoding = kind.declaration as? any RecordFolderDecoding.Type else {
            file.diagnostics.append(.error("\(kind.rules.summary) is not read as a folder of its own; \(RecordKind.layoutDescription)", at: .file(path)))
            return file
        }
        decoding.decode(nodes, csvHeader: csvHeader, into: &file, recordsRead: recordsRead)
        return file
    }
}
