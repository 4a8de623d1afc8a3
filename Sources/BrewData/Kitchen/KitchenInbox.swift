import BrewKit
import Foundation

/// `kitchen/inbox.json`: an array of entries `{id, type: url|text, content, createdAt, sourceApp,
/// status: pending|ready|failed, error, recipeId}` (an object `{"entries": [...]}` is read too).
///
/// MOD/DATA/005's own shape is read as well: `{id, url, status: importing|ready|failed, title,
/// thumbnail, caption, createdAt}`. `url` stands for `type: url` with the URL as `content`
/// (giving both `url` and `content` is an error), and `importing` is waiting, like `pending`.
public enum KitchenInbox {
    public static let relativePath = "kitchen/inbox.json"
    static let fields: Set<String> = ["id", "type", "content", "createdAt", "sourceApp", "status", "error", "recipeId",
                                      "url", "title", "thumbnail", "caption"]

    /// The statuses read: the document's `importing` is `pending` (still to be clipped).
    enum StatusWord: String, CaseIterable {
        case pending, importing, ready, failed

        var status: KitchenInboxEntry.Status {
            switch self {
            case .pending, .importing: .pending
            case .ready: .ready
            case .failed: .failed
            }
        }
    }

    public static func path(root: String) -> String { (root as NSString).appendingPathComponent(relativePath) }

    /// The entries, with a located finding for each one that cannot be read; none when there is no
    /// inbox. Read as the directory's reader reads it (`KitchenInboxKind`'s decoder), for
    /// `kitchen clip`, which works on the inbox alone.
    public static func read(root: String, source: any DataFileSource = DiskDataFiles(), diagnostics: inout [Diagnostic]) -> [Located<KitchenInboxEntry>] {
        let path = path(root: root)
        guard source.entryExists(path) else { return [] }
        let file = DataDirectoryReader.parseFile(at: path, kind: .kitchenInbox, source: source)
        diagnostics += file.diagnostics
        return file.store[KitchenInboxEntry.shelf]
    }

    /// The entries of the inbox file's bytes, put on the inbox's shelf of `file`'s store, with a
    /// located finding in `file` for each one that cannot be read.
    static func decode(_ bytes: [UInt8], into file: inout ParsedFile) {
        let path = file.path
        let node: RawNode
        do {
            node = try JSONParser.parse(bytes, file: path)
        } catch {
            file.diagnostics.append(.error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column)))
            return
        }
        var elements: [RawNode] = []
        switch node.value {
        case .array(let list): elements = list
        case .object(let members):
            if case .array(let list)? = members.first(where: { $0.key == "entries" })?.node.value { elements = list } else {
                file.diagnostics.append(.error("expected an array of inbox entries (or an object with \"entries\")", at: node.location))
            }
        default:
            file.diagnostics.append(.error("expected an array of inbox entries, found \(node.summary)", at: node.location))
        }
        for element in elements {
            guard case .object = element.value else {
                file.diagnostics.append(.error("expected an inbox entry object, found \(element.summary)", at: element.location))
                continue
            }
            var reader = FieldReader(element)
            let id = reader.string("id", required: true, what: "the entry's id")
            // The document's shape names the URL in `url`; ours in `type` and `content`.
            let isDocumentShape = reader.has("url") && !reader.has("type")
            var type: KitchenInboxEntry.Kind?
            var content: String?
            if isDocumentShape {
                if reader.has("content") {
                    reader.error("content: give either url (MOD/DATA/005) or type and content, not both", at: "content")
                }
                type = .url
                content = reader.string("url", required: true, what: "the shared URL")
            } else {
                type = reader.enumeration(KitchenInboxEntry.Kind.self, "type", required: true)
                content = reader.string("content", required: true, what: "the shared URL or text")
                if reader.has("url") { reader.error("url: give either url (MOD/DATA/005) or type and content, not both", at: "url") }
            }
            let createdAt = reader.has("createdAt") ? reader.date("createdAt") : nil
            let sourceApp = reader.string("sourceApp")
            let status = reader.enumeration(StatusWord.self, "status")?.status ?? .pending
            let error = reader.string("error")
            let recipeId = reader.string("recipeId")
            let title = reader.string("title")
            let thumbnail = reader.string("thumbnail")
            let caption = reader.string("caption")
            reader.warnAboutUnknownFields(known: fields)
            file.diagnostics += reader.diagnostics
            guard let id, let type, let content, !reader.failed else { continue }
            file.store.append(Located(KitchenInboxEntry(id: id, type: type, content: content, createdAt: createdAt, sourceApp: sourceApp,
                                                     status: status, error: error, recipeId: recipeId,
                                                     title: title, thumbnail: thumbnail, caption: caption),
                                   source: SourceMap(record: element.location, fields: reader.fieldLocations)), to: KitchenInboxEntry.shelf)
        }
    }

    /// The inbox file with one entry's outcome recorded (`status`, `error`, `recipeId`), the rest as written.
    public static func recording(_ outcome: (status: KitchenInboxEntry.Status, error: String?, recipeId: String?), forEntry id: String, in content: JSONValue) -> JSONValue {
        func edit(_ entry: JSONValue) -> JSONValue {
            guard entry.text("id") == id else { return entry }
            var edited = entry.setting("status", to: .string(outcome.status.rawValue))
            edited = edited.setting("error", to: outcome.error.map(JSONValue.string) ?? .null)
            return edited.setting("recipeId", to: outcome.recipeId.map(JSONValue.string) ?? .null)
        }
        switch content {
        case .array(let entries): return .array(entries.map(edit))
        case .object:
            if case .array(let entries)? = content["entries"] { return content.setting("entries", to: .array(entries.map(edit))) }
            return content
        default: return content
        }
    }
}
